/**
 * The mail inviting a person to order on an organization's account (decision 056): who
 * invited them, the organization and its number, and how to add it (Account not listed, on
 * the Accounts page once signed in or registered). Pure: the words come from `translate`.
 */
import type { MessageDescriptor } from '../shared/message';
import { escapeHtml } from './html';
import { mailLanguageOf } from './mail-language';
import type { RenderedMail, Translate } from './order-confirmation';

export const ACCOUNT_INVITATION_TEMPLATE = 'account-invitation';

export interface AccountInvitationData {
  /** The administrator who invited (first and last name). */
  readonly invitedBy: string;
  readonly organization: string;
  readonly accountNumber: string;
  /** The Accounts page of the storefront it was sent from. */
  readonly link: string;
  /** The storefront it was sent from: the mail's language. */
  readonly locale: string;
}

export const ACCOUNT_INVITATION_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.account-invitation.subject',
    message: 'You are invited to order for {organization}',
  },
  intro: /*i18n*/ {
    id: 'mail.account-invitation.intro',
    message:
      '{invitedBy} invited you to order assessments for {organization} on its customer account {accountNumber}.',
  },
  how: /*i18n*/ {
    id: 'mail.account-invitation.how',
    message:
      'Sign in (or register with this email address), open Accounts and add the account with Account not listed, using the number {accountNumber}.',
  },
  action: /*i18n*/ { id: 'mail.account-invitation.action', message: 'Open Accounts' },
  ignore: /*i18n*/ {
    id: 'mail.account-invitation.ignore',
    message: 'If you do not know this organization, ignore this email.',
  },
} as const satisfies Record<string, MessageDescriptor>;

const M = ACCOUNT_INVITATION_MESSAGES;

export function renderAccountInvitation(
  data: AccountInvitationData,
  translate: Translate,
): RenderedMail {
  const values = {
    invitedBy: data.invitedBy,
    organization: data.organization,
    accountNumber: data.accountNumber,
  };
  const intro = translate(M.intro, values);
  const how = translate(M.how, values);
  const action = translate(M.action);
  const ignore = translate(M.ignore);
  return {
    subject: translate(M.subject, values),
    text: [intro, how, data.link, ignore].join('\n\n'),
    html: `<!doctype html><html lang="${escapeHtml(mailLanguageOf(data.locale))}"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(how)}</p>
<p><a href="${escapeHtml(data.link)}">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(ignore)}</p>
</body></html>`,
  };
}
