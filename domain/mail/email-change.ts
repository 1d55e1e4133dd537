/**
 * The mails of a change of email address (decision 060): the link to confirm it, to the new
 * address, and a notice to the address in use, that a change to the new one was asked for.
 * Pure: the words come from `translate`, dates from Intl in the mail's language. The link's
 * secret is in the confirmation's data only (never in an event), so the outbox row is the one
 * place it is stored until the mail leaves.
 */
import type { MessageDescriptor } from '../shared/message';
import { escapeHtml } from './html';
import { formatDateTime, mailFormatLocale, mailLanguageOf } from './mail-language';
import type { RenderedMail, Translate } from './order-confirmation';

export const EMAIL_CHANGE_CONFIRMATION_TEMPLATE = 'email-change-confirmation';
export const EMAIL_CHANGE_NOTICE_TEMPLATE = 'email-change-notice';

export interface EmailChangeConfirmationData {
  readonly firstName: string;
  /** The new address (the mail's recipient). */
  readonly email: string;
  /** The page that confirms it, with the link's secret. */
  readonly link: string;
  readonly expiresAt: string;
  /** The storefront it was asked in (dates are formatted for it). */
  readonly locale: string;
}

export interface EmailChangeNoticeData {
  readonly firstName: string;
  /** The address asked for. */
  readonly email: string;
  /** The address in use (the mail's recipient). */
  readonly previousEmail: string;
  readonly at: string;
  readonly locale: string;
}

export const EMAIL_CHANGE_MAIL_MESSAGES = {
  greeting: /*i18n*/ { id: 'mail.email-change.greeting', message: 'Hello {name},' },
  confirmSubject: /*i18n*/ {
    id: 'mail.email-change.confirm-subject',
    message: 'Confirm your new email address',
  },
  confirmIntro: /*i18n*/ {
    id: 'mail.email-change.confirm-intro',
    message:
      'You asked to use {email} for your account at the assessments store. Your email address changes when you open this link while signed in:',
  },
  confirmAction: /*i18n*/ {
    id: 'mail.email-change.confirm-action',
    message: 'Confirm my new email address',
  },
  confirmExpiry: /*i18n*/ {
    id: 'mail.email-change.confirm-expiry',
    message: 'The link works once, until {expiresAt}.',
  },
  confirmIgnore: /*i18n*/ {
    id: 'mail.email-change.confirm-ignore',
    message: 'If you did not ask for this, ignore this email: nothing changes.',
  },
  noticeSubject: /*i18n*/ {
    id: 'mail.email-change.notice-subject',
    message: 'A change of your email address was requested',
  },
  noticeIntro: /*i18n*/ {
    id: 'mail.email-change.notice-intro',
    message:
      'On {at} someone signed in to your account asked to change its email address to {email}. It changes only when the link sent to that address is opened.',
  },
  noticeNotYou: /*i18n*/ {
    id: 'mail.email-change.notice-not-you',
    message:
      'If this was not you, change your password on Profile & Password and contact us: until the link is opened, this address stays the one you sign in with.',
  },
} as const satisfies Record<string, MessageDescriptor>;

const M = EMAIL_CHANGE_MAIL_MESSAGES;

function page(language: string, paragraphs: readonly string[]): string {
  return `<!doctype html><html lang="${escapeHtml(language)}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
${paragraphs.join('\n')}
</body></html>`;
}

export function renderEmailChangeConfirmation(
  data: EmailChangeConfirmationData,
  translate: Translate,
): RenderedMail {
  const tag = mailFormatLocale(data.locale);
  const greeting = translate(M.greeting, { name: data.firstName });
  const intro = translate(M.confirmIntro, { email: data.email });
  const action = translate(M.confirmAction);
  const expiry = translate(M.confirmExpiry, { expiresAt: formatDateTime(data.expiresAt, tag) });
  const ignore = translate(M.confirmIgnore);
  return {
    subject: translate(M.confirmSubject),
    text: [greeting, intro, data.link, expiry, ignore].join('\n\n'),
    html: page(mailLanguageOf(data.locale), [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(data.link)}">${escapeHtml(action)}</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p style="color:#555">${escapeHtml(ignore)}</p>`,
    ]),
  };
}

export function renderEmailChangeNotice(
  data: EmailChangeNoticeData,
  translate: Translate,
): RenderedMail {
  const tag = mailFormatLocale(data.locale);
  const greeting = translate(M.greeting, { name: data.firstName });
  const intro = translate(M.noticeIntro, {
    at: formatDateTime(data.at, tag),
    email: data.email,
  });
  const notYou = translate(M.noticeNotYou);
  return {
    subject: translate(M.noticeSubject),
    text: [greeting, intro, notYou].join('\n\n'),
    html: page(mailLanguageOf(data.locale), [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(notYou)}</p>`,
    ]),
  };
}
