/**
 * The banner of customer service acting for a buyer (decision 063), on every page of the
 * agent's tab while the session is open: whom the agent acts for, the buyer's consent to pay
 * with a saved card (which the agent ticks after asking; placing an order refuses a saved card
 * without it), and the end of the session. Loaded only while an agent acts.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ActingAgent } from '../../domain/support/acting-agent';
import { supportConsolePath } from '../../domain/support/api';
import { actingAgent$ } from '../infra/acting-agent';
import type { SignedInUser } from '../infra/session';
import { endSession, recordSavedCardConsent } from '../infra/support/support-api';
import { useStorefront } from './use-storefront';
import './support-banner.css';

/** The server holds no session to end (it ended or timed out): this browser forgets it too. */
export function SupportSessionBanner({
  agent,
  buyer,
}: {
  agent: ActingAgent;
  buyer: SignedInUser;
}) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const consentId = useId();
  const [busy, setBusy] = useState<'consent' | 'end' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The box shows the agent's choice at once; a refusal puts it back as the server has it.
  const [asked, setAsked] = useState<boolean | null>(null);
  const buyerName = `${buyer.firstName} ${buyer.lastName}`.trim();

  const consent = async (savedCards: boolean) => {
    setBusy('consent');
    setProblem(null);
    setAsked(savedCards);
    try {
      const acting = await recordSavedCardConsent(savedCards);
      actingAgent$.next({ ...agent, savedCardConsent: acting.savedCardConsent });
    } catch (error) {
      console.error('The consent to saved cards could not be recorded.', error);
      setProblem(t`The customer's consent could not be recorded. Please try again.`);
    } finally {
      setAsked(null);
      setBusy(null);
    }
  };

  const end = async () => {
    setBusy('end');
    setProblem(null);
    try {
      await endSession();
      window.location.assign(supportConsolePath(storefront.locale));
    } catch (error) {
      console.error('The session could not be ended.', error);
      setProblem(t`The session could not be ended. Please try again.`);
      setBusy(null);
    }
  };

  return (
    <div
      className="banner support-banner"
      role="region"
      aria-label={t`Customer service session`}
      data-testid="support-session-banner"
    >
      <p className="support-banner__text">
        <Trans>Customer service: you are acting for {buyerName}</Trans>
      </p>
      <div className="support-banner__controls">
        <label className="support-banner__consent" htmlFor={consentId}>
          <input
            id={consentId}
            type="checkbox"
            checked={asked ?? agent.savedCardConsent}
            disabled={busy !== null}
            onChange={(event) => void consent(event.target.checked)}
          />
          <span>
            <Trans>The customer agrees to pay with a saved card</Trans>
          </span>
        </label>
        <button type="button" disabled={busy !== null} onClick={() => void end()}>
          <Trans>End session</Trans>
        </button>
      </div>
      {problem ? (
        <p role="alert" className="support-banner__problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
