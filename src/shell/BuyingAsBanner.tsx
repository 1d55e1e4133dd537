/**
 * The banner announcing a switch between buying as an individual and as an organization
 * (SPEC 1, 6; decision 062), on every page and in every tab of the user who switched, until
 * they dismiss it. Loaded only when there is one to show.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../domain/customer/account-messages';
import { withValues } from '../../domain/shared/message';
import { dismissSwitchAnnouncement, type SwitchAnnouncement } from '../infra/buying-as';
import { accountPath } from './account-links';
import { useStorefront } from './use-storefront';

export function BuyingAsBanner({ announcement }: { announcement: SwitchAnnouncement }) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const { name, number } = announcement;
  const text =
    announcement.accountType === 'ORGANIZATION'
      ? i18n._(withValues(ACCOUNT_MESSAGES.switchedToOrganization, { name, number }))
      : i18n._(withValues(ACCOUNT_MESSAGES.switchedToPersonal, { number }));
  return (
    <div className="banner banner--switch" role="status" data-testid="buying-as-banner">
      <span>{text}</span>
      <Link to={accountPath(storefront.locale, 'accounts')}>
        <Trans>Your accounts</Trans>
      </Link>
      <button type="button" onClick={dismissSwitchAnnouncement}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
