// @ts-check
/* global window, document, fetch, ResizeObserver */
/**
 * The sandbox gateway's hosted card fields, in their own frame under their own CSP
 * (decision 026). The store's page sends the words and the language (`init`) and asks for
 * a token (`tokenize`); the frame checks the card, sends it to the sandbox's token endpoint
 * (never the store's API) and answers with the token, the brand, the last four digits and
 * the expiry, or with which fields are wrong. Messages go to and come from the store's page
 * only: the frame's own origin (frame-ancestors 'self'), checked both ways. Nothing is
 * written to any storage.
 */
import { brandOf, cardDigits, checkCard } from './card-checks.js';

/** @typedef {import('./card-checks.js').CardField} CardField */
/** @typedef {import('./card-checks.js').CardFieldError} CardFieldError */
/**
 * @typedef {{
 *   locale: string,
 *   title: string,
 *   labels: Record<CardField, string>,
 *   hints: Partial<Record<CardField, string>>,
 *   messages: Record<CardFieldError, string>,
 * }} Texts
 */

/** @type {readonly CardField[]} */
const FIELDS = ['number', 'expMonth', 'expYear', 'securityCode'];
const ERRORS = ['required', 'numberInvalid', 'expiryInvalid', 'expired', 'securityCodeInvalid'];
const TOKENS_URL = '/payment-sandbox/tokens';
const ORIGIN = window.location.origin;
const page = window.parent;

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function element(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The fields page lacks #${id}`);
  return found;
}

const form = /** @type {HTMLFormElement} */ (element('card-form'));
const inputs = /** @type {Record<CardField, HTMLInputElement>} */ (
  Object.fromEntries(FIELDS.map((field) => [field, element(field)]))
);

/** @type {Texts | undefined} */
let texts;
/** The errors on show: a field's after it is left, every field's after a tokenize. */
/** @type {Partial<Record<CardField, CardFieldError>>} */
let shown = {};
let lastChange = '';
/** Tokenize requests run one after another. */
/** @type {Promise<void>} */
let queue = Promise.resolve();

/** @param {unknown} message */
function post(message) {
  page.postMessage(message, ORIGIN);
}

function values() {
  return /** @type {Record<CardField, string>} */ (
    Object.fromEntries(FIELDS.map((field) => [field, inputs[field].value]))
  );
}

/** The buyer's month, in their own time zone. */
function thisMonth() {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

function currentErrors() {
  const result = checkCard(values(), thisMonth());
  return result.ok ? {} : result.errors;
}

function render() {
  for (const field of FIELDS) {
    const input = inputs[field];
    const error = shown[field];
    const text = error && texts ? texts.messages[error] : '';
    const errorElement = element(`${field}-error`);
    errorElement.textContent = text;
    errorElement.hidden = text === '';
    input.setAttribute('aria-invalid', text === '' ? 'false' : 'true');
    const hint = texts?.hints[field] ? `${field}-hint` : '';
    const describedBy = [hint, text === '' ? '' : `${field}-error`].filter(Boolean).join(' ');
    if (describedBy) input.setAttribute('aria-describedby', describedBy);
    else input.removeAttribute('aria-describedby');
  }
}

/** Tells the page whether the card is complete, once per change of that answer. */
function reportChange() {
  const current = values();
  const message = {
    type: 'change',
    complete: Object.keys(currentErrors()).length === 0,
    empty: FIELDS.every((field) => current[field].trim() === ''),
    brand: brandOf(cardDigits(current.number)),
  };
  const key = JSON.stringify(message);
  if (key !== lastChange) {
    lastChange = key;
    post(message);
  }
}

/** @param {unknown} value */
function isRecordOfText(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/**
 * @param {unknown} value
 * @returns {value is Texts}
 */
function isTexts(value) {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = /** @type {Record<string, unknown>} */ (value);
  return (
    typeof candidate.locale === 'string' &&
    /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(candidate.locale) &&
    typeof candidate.title === 'string' &&
    isRecordOfText(candidate.labels) &&
    isRecordOfText(candidate.hints) &&
    isRecordOfText(candidate.messages)
  );
}

/** @param {Texts} next */
function applyTexts(next) {
  texts = next;
  document.documentElement.lang = next.locale;
  document.title = next.title;
  for (const field of FIELDS) {
    element(`${field}-label`).textContent = next.labels[field] ?? '';
  }
  const hint = element('securityCode-hint');
  hint.textContent = next.hints.securityCode ?? '';
  hint.hidden = !next.hints.securityCode;
  form.hidden = false;
  render();
  reportChange();
}

/** @param {boolean} busy */
function setBusy(busy) {
  form.setAttribute('aria-busy', String(busy));
  for (const field of FIELDS) inputs[field].readOnly = busy;
}

/**
 * @param {unknown} value
 * @returns {value is Partial<Record<CardField, CardFieldError>>}
 */
function isFieldErrors(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).every(
      ([field, error]) =>
        FIELDS.includes(/** @type {CardField} */ (field)) && ERRORS.includes(String(error)),
    )
  );
}

/**
 * What the token endpoint answered, reduced to what the page may know.
 * @param {unknown} body
 */
function tokenizedCard(body) {
  if (typeof body !== 'object' || body === null) return undefined;
  const { token, brand, last4, expMonth, expYear } = /** @type {Record<string, unknown>} */ (body);
  if (typeof token !== 'string' || typeof brand !== 'string' || typeof last4 !== 'string') {
    return undefined;
  }
  if (typeof expMonth !== 'number' || typeof expYear !== 'number') return undefined;
  return { token, brand, last4, expMonth, expYear };
}

/** @param {string} requestId */
async function tokenize(requestId) {
  const result = checkCard(values(), thisMonth());
  if (!result.ok) {
    shown = result.errors;
    render();
    post({ type: 'invalid', requestId, errors: result.errors });
    return;
  }
  shown = {};
  render();
  setBusy(true);
  try {
    const response = await fetch(TOKENS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values()),
      // The gateway is not the store: the store's cookies stay with the store.
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
      referrerPolicy: 'no-referrer',
    });
    /** @type {unknown} */
    const body = await response.json().catch(() => null);
    const card = response.ok ? tokenizedCard(body) : undefined;
    const fields =
      response.status === 400 && typeof body === 'object' && body !== null
        ? /** @type {{ error?: { fields?: unknown } }} */ (body).error?.fields
        : undefined;
    if (card) {
      post({ type: 'tokenized', requestId, card });
    } else if (isFieldErrors(fields) && Object.keys(fields).length > 0) {
      shown = fields;
      render();
      post({ type: 'invalid', requestId, errors: fields });
    } else {
      post({ type: 'failed', requestId });
    }
  } catch {
    post({ type: 'failed', requestId });
  } finally {
    setBusy(false);
  }
}

for (const field of FIELDS) {
  const input = inputs[field];
  input.addEventListener('input', () => {
    // A message goes as soon as the field is right; a new one waits until it is left.
    if (shown[field] && !currentErrors()[field]) {
      delete shown[field];
      render();
    }
    reportChange();
  });
  input.addEventListener('blur', () => {
    const error = currentErrors()[field];
    // An empty field is only 'required' once the card is sent.
    if (error && (error !== 'required' || shown[field])) shown[field] = error;
    else delete shown[field];
    render();
  });
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  post({ type: 'submit' });
});

window.addEventListener('message', (event) => {
  if (event.source !== page || event.origin !== ORIGIN) return;
  /** @type {unknown} */
  const data = event.data;
  if (typeof data !== 'object' || data === null) return;
  const message = /** @type {Record<string, unknown>} */ (data);
  if (message.type === 'init' && isTexts(message.texts)) {
    applyTexts(message.texts);
  } else if (
    message.type === 'tokenize' &&
    typeof message.requestId === 'string' &&
    /^[A-Za-z0-9-]{1,64}$/.test(message.requestId)
  ) {
    const requestId = message.requestId;
    queue = queue.then(() => tokenize(requestId));
  } else if (
    message.type === 'focus' &&
    FIELDS.includes(/** @type {CardField} */ (message.field))
  ) {
    inputs[/** @type {CardField} */ (message.field)].focus();
  }
});

// The frame's height follows its fields, so the page never shows a scroll bar inside it.
new ResizeObserver(() => {
  post({ type: 'resize', height: Math.ceil(form.getBoundingClientRect().height) });
}).observe(form);

if (page !== window) post({ type: 'ready' });
