/**
 * Create Quote (SPEC 2.5; decision 051), from the cart of a signed-in buyer. Online, the store
 * prices the cart first: when a price update or the end of a discount is under 60 days away,
 * the early quote expiration modal says so and why, and the buyer confirms. The quote is then
 * requested (a command, like any change to the cart) and the 'Quote Created' modal shows its
 * number, total and expiration date with links to it and its PDF. Offline, the quote shows as
 * requested at once and is numbered by the store when the connection is back.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { generateLeadEvent } from '../../../domain/quote/analytics';
import { EARLY_EXPIRATION_MESSAGES } from '../../../domain/quote/expiration';
import { QUOTE_MESSAGES, quoteReasonOf } from '../../../domain/quote/messages';
import type { Quote } from '../../../domain/quote/quote';
import type { Message } from '../../../domain/shared/message';
import { pushEvent } from '../../infra/analytics';
import { ApiError, apiJson } from '../../infra/api';
import { online$ } from '../../infra/connectivity';
import { useModalDialog } from '../use-modal-dialog';
import { useStorefront } from '../use-storefront';
import { quoteDetailsPath, quotePdfUrl, quotesPath } from './quote-paths';
import { useQuoteStore } from './use-quote-store';
import { quoteFormat } from './quote-format';
import './quote-dialog.css';

/** Each step's heading takes the focus when it shows (the button pressed has gone). */
function focusOnShow(heading: HTMLHeadingElement | null): void {
  heading?.focus();
}

type Step =
  | { readonly kind: 'pricing' }
  | { readonly kind: 'confirm-early'; readonly preview: Quote }
  | { readonly kind: 'requesting' }
  | { readonly kind: 'requested'; readonly quoteId: string }
  | { readonly kind: 'created'; readonly quote: Quote }
  | { readonly kind: 'refused'; readonly message: Message; readonly code: string };

export function CreateQuoteDialog({
  cartId,
  accountId,
  onClose,
}: {
  cartId: string;
  accountId: string | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const store = useQuoteStore();
  const dialog = useModalDialog();
  const titleId = useId();
  // Offline there is no price to check first: the quote is requested at once.
  const [step, setStep] = useState<Step>(() =>
    online$.getValue() ? { kind: 'pricing' } : { kind: 'requesting' },
  );
  const sent = useRef(false);

  // What the dialog follows once the quote is requested, let go when it closes.
  const following = useRef<(() => void)[]>([]);
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      for (const stop of following.current) stop();
      following.current = [];
    };
  }, []);

  const send = () => {
    if (!store || sent.current) return;
    sent.current = true;
    store.request(cartId, accountId).then(
      ({ quoteId, stream }) => {
        // Closed meanwhile: the quote is requested; nothing here follows it any more.
        if (closed.current) return;
        // Subjects answer at once on subscribing: the first answer settles, the rest are ignored.
        let settled = false;
        const stopNotices = store.notices(quoteId, (notice) => {
          if (settled) return;
          settled = true;
          setStep({ kind: 'refused', message: notice.message, code: notice.code });
        });
        const created = stream.state$.subscribe((state) => {
          if (settled || state.status !== 'created' || !state.quote) return;
          settled = true;
          pushEvent({ ...generateLeadEvent(state.quote) });
          setStep({ kind: 'created', quote: state.quote });
        });
        // Offline (now or later), the buyer is told the quote waits for the connection.
        const connection = online$.subscribe((online) => {
          if (online || settled) return;
          setStep((now) => (now.kind === 'requesting' ? { kind: 'requested', quoteId } : now));
        });
        following.current.push(
          stopNotices,
          () => {
            created.unsubscribe();
          },
          () => {
            connection.unsubscribe();
          },
        );
      },
      (error: unknown) => {
        // This browser could not keep the request (its storage failed): nothing was requested.
        console.error('The quote could not be requested.', error);
        if (!closed.current) {
          setStep({
            kind: 'refused',
            code: '',
            message: { ...QUOTE_MESSAGES.submitError, values: {} },
          });
        }
      },
    );
  };

  const request = () => {
    setStep({ kind: 'requesting' });
    send();
  };

  useEffect(() => {
    if (step.kind === 'requesting') send();
    // `send` is made again each render; it runs once (`sent`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, step.kind]);

  // Online, the store prices the cart first, so the buyer is told of an early expiry.
  useEffect(() => {
    if (!store || step.kind !== 'pricing') return;
    const query = new URLSearchParams({ locale: storefront.locale, cartId });
    if (accountId) query.set('accountId', accountId);
    let current = true;
    apiJson<{ preview: Quote }>(`/api/quotes/preview?${query.toString()}`).then(
      ({ preview }) => {
        if (!current) return;
        if (preview.earlyExpiration) setStep({ kind: 'confirm-early', preview });
        else request();
      },
      (error: unknown) => {
        if (!current) return;
        const field = error instanceof ApiError ? error.body?.error : undefined;
        if (field && error instanceof ApiError && error.status === 422) {
          setStep({
            kind: 'refused',
            code: field.code,
            message: { ...QUOTE_MESSAGES.submitError, values: field.fields?.[0]?.values ?? {} },
          });
        } else {
          // No answer to the preview: the request goes through the queue, as offline.
          request();
        }
      },
    );
    return () => {
      current = false;
    };
    // `request` is made again each render; the step decides when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, step.kind, storefront.locale, cartId, accountId]);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      data-testid="quote-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {step.kind === 'pricing' || step.kind === 'requesting' ? (
        <>
          <h2 id={titleId} tabIndex={-1} ref={focusOnShow}>
            <Trans>Create quote</Trans>
          </h2>
          <p role="status" aria-busy="true">
            <Trans>Preparing your quote…</Trans>
          </p>
        </>
      ) : step.kind === 'confirm-early' ? (
        <EarlyExpiration
          titleId={titleId}
          preview={step.preview}
          onConfirm={request}
          onCancel={onClose}
        />
      ) : step.kind === 'requested' ? (
        <>
          <h2 id={titleId} tabIndex={-1} ref={focusOnShow}>
            <Trans>Quote requested</Trans>
          </h2>
          <p role="status" data-testid="quote-requested">
            {i18n._(QUOTE_MESSAGES.requestedOffline)}
          </p>
          <div className="modal__actions">
            <Link to={quotesPath(storefront)} className="button-link">
              <Trans>Go to quotes</Trans>
            </Link>
            <button type="button" className="button-secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
          </div>
        </>
      ) : step.kind === 'created' ? (
        <QuoteCreated titleId={titleId} quote={step.quote} onClose={onClose} />
      ) : (
        <>
          <h2 id={titleId} tabIndex={-1} ref={focusOnShow}>
            <Trans>Create quote</Trans>
          </h2>
          <div role="alert">
            <p>{i18n._(step.message)}</p>
            {quoteReasonOf(step.code) ? (
              <p>{i18n._(quoteReasonOf(step.code)?.id ?? '', step.message.values ?? {})}</p>
            ) : null}
          </div>
          <div className="modal__actions">
            <button type="button" className="button-secondary" onClick={onClose}>
              <Trans>Close</Trans>
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/** SPEC 2.5 early quote expiration modal: why the quote may end sooner, before confirming. */
function EarlyExpiration({
  titleId,
  preview,
  onConfirm,
  onCancel,
}: {
  titleId: string;
  preview: Quote;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const format = quoteFormat(storefront, preview.currency);
  const early = preview.earlyExpiration;
  if (!early) return null;
  const expires = format.date(preview.expiresOn);
  return (
    <>
      <h2 id={titleId} tabIndex={-1} ref={focusOnShow}>
        <Trans>This quote may expire early</Trans>
      </h2>
      <p data-testid="early-expiration">
        {i18n._(EARLY_EXPIRATION_MESSAGES[early.reason].id, { date: format.date(early.on) })}
      </p>
      <p>
        <Trans>The quote will be valid until {expires}.</Trans>
      </p>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={onConfirm}>
          <Trans>Create quote</Trans>
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </>
  );
}

/** SPEC 2.5 'Quote Created' modal: number, total and expiration date (SPEC 3 Quote). */
function QuoteCreated({
  titleId,
  quote,
  onClose,
}: {
  titleId: string;
  quote: Quote;
  onClose: () => void;
}) {
  const storefront = useStorefront();
  const format = quoteFormat(storefront, quote.currency);
  return (
    <>
      <h2 id={titleId} tabIndex={-1} ref={focusOnShow}>
        <Trans>Quote Created</Trans>
      </h2>
      <dl className="quote-created__facts" data-testid="quote-created">
        <dt>
          <Trans>Quote/proforma number</Trans>
        </dt>
        <dd data-testid="quote-number">{quote.number}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{format.amount(quote.totals.totalMinor)}</dd>
        <dt>
          <Trans>Expiration date</Trans>
        </dt>
        <dd>{format.date(quote.expiresOn)}</dd>
      </dl>
      <div className="modal__actions">
        <Link to={quoteDetailsPath(storefront, quote.quoteId)} className="button-link">
          <Trans>View quote</Trans>
        </Link>
        <a
          href={quotePdfUrl(quote.quoteId)}
          download={`quote-${quote.number}.pdf`}
          className="button-secondary"
        >
          <Trans>Download PDF</Trans>
        </a>
        <button type="button" className="button-secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </>
  );
}
