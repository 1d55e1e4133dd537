/**
 * The mails the store sends, by the template name their outbox messages carry (decision
 * 027). A template renders a message's data in the language `translate` speaks.
 */
import { INVOICE_RECEIPT_TEMPLATE, type InvoiceReceipt } from '../invoice/stream';
import { ORDER_CONFIRMATION_TEMPLATE, type Order } from '../order/order';
import { renderOrderConfirmation, type RenderedMail, type Translate } from './order-confirmation';
import { QUOTE_MAIL_TEMPLATE } from '../quote/stream';
import type { QuoteState } from '../quote/quote';
import { renderInvoiceReceipt } from './invoice-receipt';
import { renderQuoteMail } from './quote-mail';
import {
  EMAIL_CHANGE_CONFIRMATION_TEMPLATE,
  EMAIL_CHANGE_NOTICE_TEMPLATE,
  renderEmailChangeConfirmation,
  renderEmailChangeNotice,
  type EmailChangeConfirmationData,
  type EmailChangeNoticeData,
} from './email-change';
import {
  ACCOUNT_INVITATION_TEMPLATE,
  renderAccountInvitation,
  type AccountInvitationData,
} from './account-invitation';

export type { RenderedMail, Translate } from './order-confirmation';

export type MailRenderer = (data: unknown, translate: Translate) => RenderedMail;

export const MAIL_TEMPLATES: Readonly<Record<string, MailRenderer>> = {
  // Written by `orderConfirmationMail` with the order document as its data.
  [ORDER_CONFIRMATION_TEMPLATE]: (data, translate) =>
    renderOrderConfirmation(data as Order, translate),
  // Written by `quoteMails` with the quote's state as its data; the PDF goes with it.
  [QUOTE_MAIL_TEMPLATE]: (data, translate) => renderQuoteMail(data as QuoteState, translate),
  // Written by `invoiceReceiptMails` with the payment and the balance left after it.
  [INVOICE_RECEIPT_TEMPLATE]: (data, translate) =>
    renderInvoiceReceipt(data as InvoiceReceipt, translate),
  // Written by the email change's request (decision 060): the link, and the notice.
  [EMAIL_CHANGE_CONFIRMATION_TEMPLATE]: (data, translate) =>
    renderEmailChangeConfirmation(data as EmailChangeConfirmationData, translate),
  [EMAIL_CHANGE_NOTICE_TEMPLATE]: (data, translate) =>
    renderEmailChangeNotice(data as EmailChangeNoticeData, translate),
  // Written by an administrator's invitation (decision 056).
  [ACCOUNT_INVITATION_TEMPLATE]: (data, translate) =>
    renderAccountInvitation(data as AccountInvitationData, translate),
};

export class UnknownMailTemplateError extends Error {
  override readonly name = 'UnknownMailTemplateError';
}

/** The mail of an outbox message; throws for a template this version does not know. */
export function renderMail(template: string, data: unknown, translate: Translate): RenderedMail {
  const render = Object.hasOwn(MAIL_TEMPLATES, template) ? MAIL_TEMPLATES[template] : undefined;
  if (!render) throw new UnknownMailTemplateError(`No mail template ${template}`);
  return render(data, translate);
}
