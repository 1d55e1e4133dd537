/**
 * The checkout challenge (the `checkout-recaptcha` flag; decision 061): a box "I'm not a
 * robot" above Place order. Ticking it asks the challenge's provider (the store's sandbox by
 * default) for a token, good for a couple of minutes; Place order sends it. A token is spent
 * by one attempt, so after any attempt that did not place the order the box is ticked again.
 * Shown when the flag is on for the buyer (their flags, or the checkout's facts), and from
 * the moment the store refused an order for want of it (a flag turned on meanwhile).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import { fetchChallengeConfig, requestChallengeToken } from '../../../infra/checkout/checkout-api';
import type { CheckoutView, PlaceOrderOutcome } from '../../../infra/checkout/checkout-store';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import '../review.css';

type ChallengeState = 'idle' | 'checking' | 'passed' | 'expired' | 'failed';

export interface CheckoutChallenge {
  /** Whether Place order needs the challenge. */
  readonly on: boolean;
  /** The token to send with the order (undefined when the challenge is off or not passed). */
  readonly token: string | undefined;
  /** Whether the order may be sent now; if not, says why at the box and moves focus there. */
  readonly ready: () => boolean;
  /** After an attempt that placed nothing: the box is ticked again. */
  readonly after: (outcome: PlaceOrderOutcome) => void;
  /** The box, where it belongs above Place order; null when off. */
  readonly element: React.ReactNode;
}

export function useCheckoutChallenge(view: CheckoutView): CheckoutChallenge {
  const flags = useObservableValue(flags$);
  const [asked, setAsked] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [round, setRound] = useState(0);
  const box = useRef<HTMLInputElement>(null);
  const on = flags['checkout-recaptcha'] || view.facts?.flags.checkoutRecaptcha === true || asked;
  const onToken = useCallback((next: string | null) => {
    setToken(next);
    if (next) setMissing(false);
  }, []);
  return {
    on,
    token: on && token ? token : undefined,
    ready: () => {
      if (!on || token) return true;
      setMissing(true);
      box.current?.focus();
      return false;
    },
    after: (outcome) => {
      if (outcome.kind === 'placed') return;
      if (outcome.kind === 'refused' && outcome.code?.startsWith('checkout.challenge-')) {
        setAsked(true);
      }
      setToken(null);
      setRound((n) => n + 1);
    },
    element: on ? (
      <ChallengeBox key={round} boxRef={box} missing={missing} onToken={onToken} />
    ) : null,
  };
}

function ChallengeBox({
  boxRef,
  missing,
  onToken,
}: {
  boxRef: RefObject<HTMLInputElement | null>;
  missing: boolean;
  onToken: (token: string | null) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [state, setState] = useState<ChallengeState>('idle');
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const checking = useRef(false);

  // A token is good until its expiry: then the box is ticked again.
  useEffect(() => {
    if (state !== 'passed' || expiresAt === null) return;
    const timer = window.setTimeout(
      () => {
        setState('expired');
        onToken(null);
      },
      Math.max(0, expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [state, expiresAt, onToken]);

  const tick = async (checked: boolean) => {
    if (checking.current) return;
    if (!checked) {
      setState('idle');
      onToken(null);
      return;
    }
    checking.current = true;
    setState('checking');
    try {
      const issued = await requestChallengeToken(await fetchChallengeConfig());
      setExpiresAt(Date.parse(issued.expiresAt));
      setState('passed');
      onToken(issued.token);
    } catch (error) {
      console.warn('The security check could not be completed.', error);
      setState('failed');
      onToken(null);
    } finally {
      checking.current = false;
    }
  };

  const boxId = `${id}-box`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  return (
    <div
      className={missing ? 'checkout-challenge field--error' : 'checkout-challenge'}
      role="group"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="checkout-challenge__title">
        <Trans>Security check</Trans>
      </p>
      <div className="review-terms__box">
        <input
          ref={boxRef}
          id={boxId}
          type="checkbox"
          checked={state === 'passed' || state === 'checking'}
          aria-required="true"
          aria-busy={state === 'checking' ? true : undefined}
          aria-invalid={missing ? true : undefined}
          aria-describedby={[statusId, missing ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => void tick(event.target.checked)}
        />
        <label htmlFor={boxId}>{t`I'm not a robot`}</label>
      </div>
      <p id={statusId} className="checkout-challenge__status" role="status">
        {state === 'checking' ? (
          <Trans>Checking…</Trans>
        ) : state === 'passed' ? (
          <Trans>Confirmed. You can place your order.</Trans>
        ) : state === 'expired' ? (
          <Trans>The check has expired. Tick the box again.</Trans>
        ) : state === 'failed' ? (
          <Trans>The check could not be completed. Tick the box again.</Trans>
        ) : null}
      </p>
      {missing ? (
        <p id={errorId} className="field__error" role="alert">
          {i18n._(CHECKOUT_RULE_MESSAGES.challengeRequired)}
        </p>
      ) : null}
    </div>
  );
}
