/**
 * Paying an invoice by card (decision 053), through checkout's charging code
 * (payments/charge.ts): the amount is checked first (nothing is charged for a refused one),
 * then authorized, captured and recorded on the invoice (`RecordInvoicePayment`), whose event
 * mails the payer a receipt linking to the invoice at the address they paid at. A payment's
 * id is made from the caller and the request's `Idempotency-Key`: the gateway's steps are
 * keyed by it, and the invoice records a payment id once, so a double click or a retry pays
 * once. Each attempt is written before the card is touched; a charge the invoice refuses (a
 * colleague paid the balance meanwhile) is given back at once, and an attempt whose process
 * died is settled by the sweep: recorded if the invoice has it, else given back.
 */
import { SUPPORT_MESSAGES } from '../../../domain/support/support';
import { sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES } from '../../../domain/checkout/messages';
import {
  paymentRefusal,
  type InvoicePayment,
  type InvoiceState,
} from '../../../domain/invoice/invoice';
import type { InvoicePaymentBody } from '../../../domain/invoice/requests';
import type { CardSummary } from '../../../domain/checkout/state';
import { invoiceStreamKind } from '../../../domain/invoice/stream';
import { mailFormatLocale } from '../../../domain/mail/mail-language';
import { formatMoney, money } from '../../../domain/pricing/money';
import type { Message } from '../../../domain/shared/message';
import type { Locale } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { acting, type ForBuyer } from '../acting/acting';
import { savedCard } from '../checkout/checkout-repository';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import { authorizeCard, captureCard, giveBack, type CardPayment } from '../payments/charge';
import type { PaymentGateway } from '../payments/gateway';
import { accountInvoice, type InvoiceView } from './invoice-repository';

/** How long an attempt is its request's before the sweep may settle it. */
export const PAYMENT_ATTEMPT_LEASE_MS = 5 * 60_000;

/** The store's part that records invoice payments (the event's actor; `paidBy` names who paid). */
export const INVOICE_PAYMENTS = 'invoice-payments';

export type PayInvoiceOutcome =
  | { readonly kind: 'paid'; readonly invoice: InvoiceView; readonly payment: InvoicePayment }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'refused'; readonly code: string; readonly message: Message }
  | { readonly kind: 'declined'; readonly message: Message };

export interface PayInvoiceDeps {
  readonly db: Db;
  readonly store: () => EventStore;
  readonly commands: CommandHandler;
  readonly payments: PaymentGateway;
  readonly now?: () => Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class PayInvoice {
  constructor(private readonly deps: PayInvoiceDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async pay(
    who: ForBuyer,
    request: {
      readonly invoiceId: string;
      readonly locale: Locale;
      readonly body: InvoicePaymentBody;
      /** The request's Idempotency-Key. */
      readonly key: string;
      /** The store's address the payer reached it at: where the receipt links to. */
      readonly origin?: string;
    },
  ): Promise<PayInvoiceOutcome> {
    const { db } = this.deps;
    const userId = who.buyer.id;
    const view = await accountInvoice(db, userId, request.invoiceId);
    const invoice = view?.invoice;
    if (!view || !invoice) return { kind: 'not-found' };
    const paymentId = `invoice:${request.invoiceId}:${userId}:${request.key}`;
    // The same payment asked for again: its answer, nothing charged again.
    const done = view.payments.find((p) => p.paymentId === paymentId);
    if (done) return { kind: 'paid', invoice: view, payment: done };

    const tag = mailFormatLocale(request.locale);
    const format = (minor: number) => formatMoney(money(minor, invoice.currency), tag);
    const refusal = paymentRefusal(view, request.body.amountMinor, format);
    if (refusal) return { kind: 'refused', code: refusal.code, message: refusal.detail };

    const choice = request.body.card;
    // Customer service pays with a saved card only with the buyer's consent (decision 063).
    if (who.kind === 'agent' && !who.savedCardConsent && choice.source === 'saved') {
      return {
        kind: 'refused',
        code: SUPPORT_MESSAGES.savedCardNeedsConsent.id,
        message: { ...SUPPORT_MESSAGES.savedCardNeedsConsent, values: {} },
      };
    }
    const declined = {
      kind: 'declined',
      message: {
        ...(choice.source === 'saved'
          ? CHECKOUT_MESSAGES.savedCardDetails
          : CHECKOUT_MESSAGES.paymentDetails),
        values: {},
      },
    } as const;
    // The card as the store knows it (a saved card, from the buyer's own profile) or as the
    // gateway knows it (a new one): what the browser says of a card is not trusted.
    const charged =
      choice.source === 'saved'
        ? await savedCard(db, userId, choice.paymentMethodId)
        : await this.newCard(choice);
    if (!charged) return declined;
    const { token, card } = charged;

    const payment: CardPayment = {
      token,
      amountMinor: request.body.amountMinor,
      currency: invoice.currency,
      reference: invoice.invoiceId,
      key: paymentId,
    };
    await this.begin(paymentId, request.invoiceId, userId, payment.amountMinor);
    const authorized = await authorizeCard(this.deps.payments, payment);
    if (authorized.status === 'declined') {
      await this.settle(paymentId, 'given-back');
      return declined;
    }
    await db.execute(sql`
      update invoice_payment_attempts set authorization_id = ${authorized.authorizationId}
       where payment_id = ${paymentId}`);
    const chargeId = await captureCard(this.deps.payments, payment, authorized.authorizationId);
    await db.execute(sql`
      update invoice_payment_attempts set charge_id = ${chargeId} where payment_id = ${paymentId}`);

    const recorded: InvoicePayment = {
      paymentId,
      amountMinor: payment.amountMinor,
      method: 'card',
      card,
      chargeId,
      at: this.now().toISOString(),
      paidBy: {
        userId,
        name: `${who.buyer.givenName} ${who.buyer.familyName}`.trim(),
        email: who.buyer.email,
      },
      source: 'invoice',
      ...(request.origin ? { origin: request.origin } : {}),
    };
    const executed = await this.deps.commands.execute(
      'invoice',
      streamIdOf(invoiceStreamKind, request.invoiceId),
      { type: 'RecordInvoicePayment', data: { payment: recorded } },
      acting.store(INVOICE_PAYMENTS),
      { commandId: `invoice-payment:${paymentId}`, locale: request.locale, now: this.now() },
    );
    const result = executed.result;
    if (result.status === 'rejected') {
      // The invoice would not take it (paid or credited meanwhile): the charge goes back.
      await giveBack(this.deps.payments, payment, {
        authorizationId: authorized.authorizationId,
        chargeId,
      });
      await this.settle(paymentId, 'given-back');
      return { kind: 'refused', code: result.code, message: result.message };
    }
    await this.settle(paymentId, 'recorded');
    const after = await accountInvoice(db, userId, request.invoiceId);
    const made = after?.payments.find((p) => p.paymentId === paymentId) ?? recorded;
    return { kind: 'paid', invoice: after ?? view, payment: made };
  }

  /** A new card's one-time token, as the gateway describes it, if the browser said the same. */
  private async newCard(
    choice: Extract<InvoicePaymentBody['card'], { source: 'new' }>,
  ): Promise<{ readonly token: string; readonly card: CardSummary } | null> {
    const card = await this.deps.payments.describe(choice.token);
    if (
      !card ||
      card.last4 !== choice.card.last4 ||
      card.expMonth !== choice.card.expMonth ||
      card.expYear !== choice.card.expYear
    ) {
      return null;
    }
    return { token: choice.token, card };
  }

  /** The attempt, written before the card is touched (the same attempt again: its lease renewed). */
  private async begin(
    paymentId: string,
    invoiceId: string,
    userId: string,
    amountMinor: number,
  ): Promise<void> {
    const lease = new Date(this.now().getTime() + PAYMENT_ATTEMPT_LEASE_MS).toISOString();
    await this.deps.db.execute(sql`
      insert into invoice_payment_attempts (payment_id, invoice_id, user_id, amount_minor, lease_until)
      values (${paymentId}, ${invoiceId}, ${userId}, ${amountMinor}, ${lease}::timestamptz)
      on conflict (payment_id) do update set lease_until = excluded.lease_until,
        status = 'running'`);
  }

  private async settle(paymentId: string, status: 'recorded' | 'given-back'): Promise<void> {
    await this.deps.db.execute(sql`
      update invoice_payment_attempts set status = ${status} where payment_id = ${paymentId}`);
  }

  /**
   * Attempts whose request died (their lease lapsed): recorded if the invoice has the payment,
   * else whatever they took given back. The number settled.
   */
  async sweepAbandoned(): Promise<number> {
    const lapsed = rowsOf<{
      payment_id: string;
      invoice_id: string;
      authorization_id: string | null;
      charge_id: string | null;
    }>(
      await this.deps.db.execute(sql`
        select payment_id, invoice_id, authorization_id, charge_id from invoice_payment_attempts
         where status = 'running' and lease_until < ${this.now().toISOString()}::timestamptz
         order by lease_until limit 50`),
    );
    for (const attempt of lapsed) {
      const found = await this.deps
        .store()
        .stateOf(invoiceStreamKind, streamIdOf(invoiceStreamKind, attempt.invoice_id));
      const state = found?.state as InvoiceState | undefined;
      if (state?.payments.some((p) => p.paymentId === attempt.payment_id)) {
        await this.settle(attempt.payment_id, 'recorded');
        continue;
      }
      await giveBack(
        this.deps.payments,
        { key: attempt.payment_id },
        { authorizationId: attempt.authorization_id, chargeId: attempt.charge_id },
      );
      await this.settle(attempt.payment_id, 'given-back');
    }
    return lapsed.length;
  }
}
