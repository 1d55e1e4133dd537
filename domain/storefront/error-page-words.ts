/**
 * The words of the storefront's error pages (SPEC 8; decision 069), apart from
 * error-pages.ts: every page's first load holds the statuses and addresses, and only an
 * error page loads its words.
 */
import type { MessageDescriptor } from '../shared/message';
import type { ErrorKind } from './error-pages';

interface ErrorWords {
  readonly heading: MessageDescriptor;
  readonly text: MessageDescriptor;
}

/** Each kind's heading and what happened; what to do next is the same links on every page. */
export const ERROR_PAGE_WORDS = {
  'bad-request': {
    heading: /*i18n*/ {
      id: 'error-page.bad-request.heading',
      message: 'We could not handle that request',
    },
    text: /*i18n*/ {
      id: 'error-page.bad-request.text',
      message:
        'The address or the form sent is not one the store can take. Check it and try again.',
    },
  },
  'sign-in': {
    heading: /*i18n*/ { id: 'error-page.sign-in.heading', message: 'Please sign in' },
    text: /*i18n*/ {
      id: 'error-page.sign-in.text',
      message: 'This page needs you to be signed in. Sign in, then open the page again.',
    },
  },
  payment: {
    heading: /*i18n*/ { id: 'error-page.payment.heading', message: 'Payment needed' },
    text: /*i18n*/ {
      id: 'error-page.payment.text',
      message: 'This page is open once a payment has been made. Check your order or contact us.',
    },
  },
  forbidden: {
    heading: /*i18n*/ { id: 'error-page.forbidden.heading', message: 'You cannot open this page' },
    text: /*i18n*/ {
      id: 'error-page.forbidden.text',
      message:
        'Your account does not give access to this page. If you think it should, contact us.',
    },
  },
  'not-found': {
    heading: /*i18n*/ { id: 'error-page.not-found.heading', message: 'Page not found' },
    text: /*i18n*/ {
      id: 'error-page.not-found.text',
      message: 'We could not find the page you asked for.',
    },
  },
  timeout: {
    heading: /*i18n*/ { id: 'error-page.timeout.heading', message: 'The request took too long' },
    text: /*i18n*/ {
      id: 'error-page.timeout.text',
      message: 'The store waited too long for your browser. Please try again.',
    },
  },
  conflict: {
    heading: /*i18n*/ {
      id: 'error-page.conflict.heading',
      message: 'This changed in the meantime',
    },
    text: /*i18n*/ {
      id: 'error-page.conflict.text',
      message:
        'What you sent no longer matches the store, perhaps after a change in another window. Reload the page and try again.',
    },
  },
  server: {
    heading: /*i18n*/ {
      id: 'error-page.server.heading',
      message: 'Something went wrong on our side',
    },
    text: /*i18n*/ {
      id: 'error-page.server.text',
      message: 'The store could not complete your request. Please try again in a few minutes.',
    },
  },
  gateway: {
    heading: /*i18n*/ {
      id: 'error-page.gateway.heading',
      message: 'The store did not answer in time',
    },
    text: /*i18n*/ {
      id: 'error-page.gateway.text',
      message: 'A service the store relies on did not answer. Please try again in a few minutes.',
    },
  },
  unavailable: {
    heading: /*i18n*/ {
      id: 'error-page.unavailable.heading',
      message: 'The store is closed for maintenance',
    },
    text: /*i18n*/ {
      id: 'error-page.unavailable.text',
      message:
        'We are working on the store and will be back shortly. Your cart is kept. Please try again in a few minutes.',
    },
  },
} as const satisfies Record<ErrorKind, ErrorWords>;

/** The words every error page has around its own. */
export const ERROR_PAGE_MESSAGES = {
  /** The page's title: "{heading} (error {code}) | Assessments Store". */
  title: /*i18n*/ {
    id: 'error-page.title',
    message: '{heading} (error {code}) | Assessments Store',
  },
  code: /*i18n*/ { id: 'error-page.code', message: 'Error {code}' },
  next: /*i18n*/ { id: 'error-page.next', message: 'What you can do next:' },
  home: /*i18n*/ { id: 'error-page.home', message: 'Go to the home page' },
  search: /*i18n*/ { id: 'error-page.search', message: 'Search the store' },
  orderStatus: /*i18n*/ { id: 'error-page.order-status', message: 'Check the status of an order' },
} as const satisfies Record<string, MessageDescriptor>;
