/** Customer service's console and its loader as one module, for one lazy import. */
export { SupportConsolePage } from './components/SupportConsolePage';
export { supportConsoleLoader } from './support-loader';
