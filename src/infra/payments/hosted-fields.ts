/**
 * Mounts a payment gateway's hosted card fields in a frame (decision 026). The card number
 * and security code are typed into the gateway's own page and never reach this page's
 * scripts, the store's API or the browser's storage: this page only sends the words to show
 * and asks for a token, and gets back the token, the brand, the last four digits and the
 * expiry. Messages go to the frame's origin only, and only the frame's messages are read.
 */
import type { I18n } from '@lingui/core';
import type { CardField, CardFieldError, TokenizedCard } from '../../../domain/payment/card';
import {
  frameToPageMessageSchema,
  type HostedFieldsConfig,
  type HostedFieldsTexts,
  type PageToFrameMessage,
} from '../../../domain/payment/hosted-fields';
import {
  CARD_FIELD_ERROR_MESSAGES,
  CARD_FIELD_LABELS,
  PAYMENT_MESSAGES,
} from '../../../domain/payment/messages';

export type { HostedFieldsConfig, HostedFieldsTexts, TokenizedCard };

/** The card's state as the frame reports it. */
export interface HostedFieldsState {
  /** The frame has loaded and shows its fields. */
  readonly ready: boolean;
  /** Every field holds an acceptable value. */
  readonly complete: boolean;
  readonly empty: boolean;
  readonly brand: TokenizedCard['brand'];
}

/** The fields that are wrong, each with its message in the page's language. */
export interface HostedFieldsErrors {
  readonly errors: Readonly<Partial<Record<CardField, string>>>;
}

export type TokenizeResult = TokenizedCard | HostedFieldsErrors;

export function isTokenizedCard(result: TokenizeResult): result is TokenizedCard {
  return 'token' in result;
}

export interface HostedFieldsOptions extends HostedFieldsTexts {
  /** After each change of the card's state. */
  readonly onChange?: (state: HostedFieldsState) => void;
  /** Enter was pressed in a field. */
  readonly onSubmit?: () => void;
  /** How long the frame may take to load (default 15 s). */
  readonly readyTimeoutMs?: number;
  /** How long a token may take (default 30 s). */
  readonly tokenizeTimeoutMs?: number;
}

export interface HostedFields {
  /** Resolves once the frame has loaded; rejects with a HostedFieldsError if it does not. */
  readonly ready: Promise<void>;
  /** The card's token, or the fields that are wrong. Rejects when the gateway fails. */
  tokenize(): Promise<TokenizeResult>;
  /** Moves the focus to a field (from an error summary's link). */
  focus(field: CardField): void;
  /** New words, such as after the language changed. */
  setTexts(texts: HostedFieldsTexts): void;
  destroy(): void;
}

export type HostedFieldsErrorCode = 'unavailable' | 'timeout' | 'failed' | 'destroyed';

/** The gateway's fields could not load or answer; nothing was kept. */
export class HostedFieldsError extends Error {
  override readonly name = 'HostedFieldsError';

  constructor(readonly code: HostedFieldsErrorCode) {
    super(`The card fields ${code === 'destroyed' ? 'were removed' : `failed: ${code}`}`);
  }
}

/** The words of the fields from the store's catalogs, in the active language. */
export function hostedFieldsTexts(i18n: I18n): HostedFieldsTexts {
  const labels = Object.fromEntries(
    Object.entries(CARD_FIELD_LABELS).map(([field, label]) => [field, i18n._(label)]),
  ) as Record<CardField, string>;
  const messages = Object.fromEntries(
    Object.entries(CARD_FIELD_ERROR_MESSAGES).map(([error, m]) => [error, i18n._(m)]),
  ) as Record<CardFieldError, string>;
  return {
    // Before a catalog is active the locale is empty; the fields then speak the source's.
    locale: i18n.locale || 'en',
    title: i18n._(PAYMENT_MESSAGES.fieldsTitle),
    labels,
    hints: { securityCode: i18n._(PAYMENT_MESSAGES.securityCodeHint) },
    messages,
  };
}

let nextRequest = 0;

function requestId(): string {
  nextRequest += 1;
  return `t-${Date.now().toString(36)}-${nextRequest}`;
}

/** The tallest the frame may make itself. */
const MAX_HEIGHT = 2000;

export function mountHostedFields(
  container: HTMLElement,
  config: HostedFieldsConfig,
  options: HostedFieldsOptions,
): HostedFields {
  const frameUrl = new URL(config.frameUrl, window.location.href);
  if (frameUrl.protocol !== 'https:' && frameUrl.origin !== window.location.origin) {
    throw new Error('The card fields must come over HTTPS');
  }
  const frameOrigin = frameUrl.origin;
  let texts: HostedFieldsTexts = {
    locale: options.locale,
    title: options.title,
    labels: options.labels,
    hints: options.hints,
    messages: options.messages,
  };
  let state: HostedFieldsState = { ready: false, complete: false, empty: true, brand: 'unknown' };
  let destroyed = false;
  const pending = new Map<
    string,
    { resolve: (result: TokenizeResult) => void; reject: (error: Error) => void }
  >();

  const iframe = document.createElement('iframe');
  iframe.title = texts.title;
  iframe.className = 'hosted-card-fields';
  iframe.referrerPolicy = 'no-referrer';
  iframe.style.display = 'block';
  iframe.style.width = '100%';
  iframe.style.border = '0';
  // Until the frame says how tall it is.
  iframe.style.height = '20rem';

  let markReady: () => void = () => undefined;
  let markFailed: (error: HostedFieldsError) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  // A caller that never awaits `ready` should not see an unhandled rejection.
  ready.catch(() => undefined);
  const readyTimer = window.setTimeout(() => {
    markFailed(new HostedFieldsError('unavailable'));
  }, options.readyTimeoutMs ?? 15_000);

  function send(message: PageToFrameMessage): void {
    iframe.contentWindow?.postMessage(message, frameOrigin);
  }

  function update(next: Partial<HostedFieldsState>): void {
    state = { ...state, ...next };
    options.onChange?.(state);
  }

  function errorTexts(errors: Partial<Record<CardField, CardFieldError>>): HostedFieldsErrors {
    const shown: Partial<Record<CardField, string>> = {};
    for (const [field, error] of Object.entries(errors) as [CardField, CardFieldError][]) {
      shown[field] = texts.messages[error];
    }
    return { errors: shown };
  }

  function onMessage(event: MessageEvent): void {
    if (event.source !== iframe.contentWindow || event.origin !== frameOrigin) return;
    const parsed = frameToPageMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'ready':
        send({ type: 'init', texts });
        window.clearTimeout(readyTimer);
        markReady();
        update({ ready: true });
        break;
      case 'resize':
        iframe.style.height = `${Math.min(Math.ceil(message.height), MAX_HEIGHT)}px`;
        break;
      case 'change':
        update({ complete: message.complete, empty: message.empty, brand: message.brand });
        break;
      case 'submit':
        options.onSubmit?.();
        break;
      case 'tokenized':
        // Read through the strict schema: a token and a summary, nothing more.
        pending.get(message.requestId)?.resolve(message.card);
        pending.delete(message.requestId);
        break;
      case 'invalid':
        pending.get(message.requestId)?.resolve(errorTexts(message.errors));
        pending.delete(message.requestId);
        break;
      case 'failed':
        pending.get(message.requestId)?.reject(new HostedFieldsError('failed'));
        pending.delete(message.requestId);
        break;
    }
  }

  window.addEventListener('message', onMessage);
  iframe.src = frameUrl.href;
  container.append(iframe);

  return {
    ready,
    async tokenize() {
      if (destroyed) throw new HostedFieldsError('destroyed');
      await ready;
      const id = requestId();
      return new Promise<TokenizeResult>((resolve, reject) => {
        const timer = window.setTimeout(() => {
          pending.delete(id);
          reject(new HostedFieldsError('timeout'));
        }, options.tokenizeTimeoutMs ?? 30_000);
        pending.set(id, {
          resolve: (result) => {
            window.clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            window.clearTimeout(timer);
            reject(error);
          },
        });
        send({ type: 'tokenize', requestId: id });
      });
    },
    focus(field) {
      send({ type: 'focus', field });
    },
    setTexts(next) {
      texts = next;
      iframe.title = next.title;
      if (state.ready) send({ type: 'init', texts });
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      window.clearTimeout(readyTimer);
      window.removeEventListener('message', onMessage);
      markFailed(new HostedFieldsError('destroyed'));
      for (const { reject } of pending.values()) reject(new HostedFieldsError('destroyed'));
      pending.clear();
      iframe.remove();
    },
  };
}
