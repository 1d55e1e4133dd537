/** The Accounts pages and their loaders as one module, for one lazy import. */
export { AccountsPage } from './AccountsPage';
export { MembersPage } from './MembersPage';
export { accountsLoader, membersLoader } from './accounts-loader';
