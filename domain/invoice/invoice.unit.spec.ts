/**
 * The invoice's decider, given / when / then (decision 053): issued once, net 30 for a
 * purchase order and paid at issue for a card; paid in parts, a payment above the balance or
 * under 1.00 refused in words; overdue past its due date, by the daily step; credited once.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/calendar';
import { replay } from '../shared/decider';
import { formatMessage } from '../shared/message';
import { deciderSpecification } from '../shared/decider-spec';
import {
  balanceAfterPayment,
  invoiceBalance,
  invoiceDecider,
  invoiceStatus,
  invoiceView,
  paymentRefusal,
  smallestPaymentMinor,
  upcastInvoiceEvent,
  INVOICE_EVENT_VERSIONS,
  type InvoiceEvent,
} from './invoice';
import { creditsInvoice, issuesInvoice } from './issue';
import { isCreditNoteNumber, isInvoiceNumber } from './numbers';
import {
  command,
  CREDIT_NOTE_NUMBER,
  events,
  INVOICE_NUMBER,
  ISSUED_ON,
  issued,
  NOW,
  order,
  payment,
} from './test-fixtures';

const spec = deciderSpecification(invoiceDecider, undefined, {
  equal: (actual, expected) => {
    expect(actual).toEqual(expected);
  },
  fail: (message) => {
    throw new Error(message);
  },
});

const stateAfter = (history: readonly InvoiceEvent[]) => replay(invoiceDecider, history);
const { invoice } = issued();
const TOTAL = invoice.totals.totalMinor;
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('issuing an invoice', () => {
  it('issues a purchase order’s invoice, due in 30 days, with the order’s lines and totals', () => {
    spec
      .given([])
      .when(command('IssueInvoice', { invoice, paidAtIssue: null }))
      .then([events.issued(invoice)]);
    expect(invoice.terms).toBe('net-30');
    expect(invoice.dueOn).toBe(addDays(ISSUED_ON, 30));
    expect(invoice.poNumber).not.toBeNull();
    const placed = order();
    expect(invoice.lines.map((l) => [l.code, l.quantity, l.totalMinor])).toEqual(
      placed.lines.map((l) => [l.code, l.quantity, l.totalMinor]),
    );
    expect(invoice.totals).toEqual(placed.totals);
    expect(isInvoiceNumber(invoice.number)).toBe(true);
    expect(invoiceStatus(stateAfter([events.issued(invoice)]))).toBe('open');
  });

  it('is issued once, whatever runs twice', () => {
    spec
      .given([events.issued(invoice)])
      .when(
        command('IssueInvoice', {
          invoice: { ...invoice, number: 'INV-other' },
          paidAtIssue: null,
        }),
      )
      .then([]);
  });

  it('issues a card order’s invoice paid at issue, by the checkout’s charge', () => {
    const card = issued({
      payment: {
        method: 'card',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        holderName: 'Dana Reyes',
        chargeId: 'ch_checkout',
      },
    });
    expect(card.invoice.terms).toBe('paid-at-issue');
    expect(card.invoice.dueOn).toBe(ISSUED_ON);
    expect(card.paidAtIssue).toMatchObject({ amountMinor: TOTAL, chargeId: 'ch_checkout' });
    const paid = card.paidAtIssue ?? payment('never', 0);
    spec
      .given([])
      .when(command('IssueInvoice', card))
      .then([events.issued(card.invoice), events.paid(paid)]);
    const state = stateAfter([events.issued(card.invoice), events.paid(paid)]);
    expect(invoiceStatus(state)).toBe('paid');
    expect(invoiceBalance(state)).toBe(0);
  });

  it('is issued when the order ships, or completes with nothing to ship; credited when returned', () => {
    expect(issuesInvoice({ to: 'completed', reason: 'shipped' })).toBe(true);
    expect(issuesInvoice({ to: 'awaitingShipping', reason: 'shipped' })).toBe(true);
    expect(issuesInvoice({ to: 'completed', reason: 'accepted' })).toBe(true);
    expect(issuesInvoice({ to: 'processing', reason: 'processing' })).toBe(false);
    expect(issuesInvoice({ to: 'cancelled', reason: 'cancelled' })).toBe(false);
    expect(creditsInvoice({ to: 'returned' })).toBe(true);
    expect(creditsInvoice({ to: 'cancelled' })).toBe(false);
  });
});

describe('paying an invoice', () => {
  const open = [events.issued(invoice)];

  it('takes part payments until the balance is paid', () => {
    const first = payment('pay-1', 5_000);
    const rest = payment('pay-2', TOTAL - 5_000);
    spec
      .given(open)
      .when(command('RecordInvoicePayment', { payment: first }))
      .then([events.paid(first)]);
    const part = stateAfter([...open, events.paid(first)]);
    expect(invoiceStatus(part)).toBe('partially-paid');
    expect(invoiceBalance(part)).toBe(TOTAL - 5_000);
    spec
      .given([...open, events.paid(first)])
      .when(command('RecordInvoicePayment', { payment: rest }))
      .then([events.paid(rest)]);
    const paid = stateAfter([...open, events.paid(first), events.paid(rest)]);
    expect(invoiceStatus(paid)).toBe('paid');
    expect(invoiceView(paid, 3)).toMatchObject({ status: 'paid', balanceMinor: 0, version: 3 });
    // Each receipt's balance: what was left once that payment was taken.
    expect(balanceAfterPayment(paid, 'pay-1')).toBe(TOTAL - 5_000);
    expect(balanceAfterPayment(paid, 'pay-2')).toBe(0);
    expect(balanceAfterPayment(paid, 'pay-3')).toBeNull();
  });

  it('records a payment once when it is sent again with its key', () => {
    const first = payment('pay-1', 5_000);
    spec
      .given([...open, events.paid(first)])
      .when(command('RecordInvoicePayment', { payment: first }))
      .then([]);
  });

  it('refuses a payment above the balance, in words, naming the balance', () => {
    spec
      .given([...open, events.paid(payment('pay-1', 5_000))])
      .when(command('RecordInvoicePayment', { payment: payment('pay-2', TOTAL) }))
      .thenThrows('invoice.amount-above-balance');
    const refusal = paymentRefusal(stateAfter(open), TOTAL + 1, money);
    expect(refusal?.code).toBe('invoice.amount-above-balance');
    expect(refusal && formatMessage(refusal.detail)).toBe(
      `Enter an amount no larger than the balance of ${money(TOTAL)}.`,
    );
  });

  it('refuses less than 1.00 in the invoice’s currency (1 in one without decimals)', () => {
    expect(smallestPaymentMinor('USD')).toBe(100);
    expect(smallestPaymentMinor('JPY')).toBe(1);
    const refusal = paymentRefusal(stateAfter(open), 99, money);
    expect(refusal?.code).toBe('invoice.amount-too-small');
    expect(refusal && formatMessage(refusal.detail)).toBe('Enter an amount of at least $1.00.');
    expect(paymentRefusal(stateAfter(open), 100, money)).toBeNull();
    expect(paymentRefusal(stateAfter(open), TOTAL, money)).toBeNull();
    expect(paymentRefusal(stateAfter(open), 1.5, money)?.code).toBe('invoice.amount-too-small');
  });

  it('takes a last balance under 1.00 in full', () => {
    const state = stateAfter([...open, events.paid(payment('pay-1', TOTAL - 40))]);
    expect(paymentRefusal(state, 40, money)).toBeNull();
    expect(paymentRefusal(state, 39, money)?.code).toBe('invoice.amount-too-small');
  });

  it('refuses a paid invoice, a credited one and one never issued', () => {
    const paid = [...open, events.paid(payment('pay-1', TOTAL))];
    spec
      .given(paid)
      .when(command('RecordInvoicePayment', { payment: payment('pay-2', 100) }))
      .thenThrows('invoice.paid', (error) => {
        expect(error.detail.message).toBe('This invoice is paid: there is nothing left to pay.');
      });
    spec
      .given([])
      .when(command('RecordInvoicePayment', { payment: payment('pay-2', 100) }))
      .thenThrows('invoice.not-found');
    const credited = [
      ...open,
      {
        type: 'InvoiceCredited',
        v: 1,
        data: {
          creditNote: {
            number: CREDIT_NOTE_NUMBER,
            amountMinor: TOTAL,
            reason: 'returned',
            note: null,
            at: NOW,
          },
        },
      } satisfies InvoiceEvent,
    ];
    spec
      .given(credited)
      .when(command('RecordInvoicePayment', { payment: payment('pay-2', 100) }))
      .thenThrows('invoice.credited');
  });
});

describe('the daily step', () => {
  const open = [events.issued(invoice)];
  const due = invoice.dueOn;

  it('leaves an invoice on its due date, and marks it overdue the day after', () => {
    spec
      .given(open)
      .when(command('MarkInvoiceOverdue', { today: due }))
      .then([]);
    spec
      .given(open)
      .when(command('MarkInvoiceOverdue', { today: addDays(due, 1) }))
      .then([{ type: 'InvoiceOverdue', v: 1, data: { on: addDays(due, 1) } }]);
    const overdue = stateAfter([
      ...open,
      { type: 'InvoiceOverdue', v: 1, data: { on: addDays(due, 1) } },
    ]);
    expect(invoiceStatus(overdue)).toBe('overdue');
  });

  it('marks it once, and never a paid one; paid after, it reads paid', () => {
    const overdue: InvoiceEvent = { type: 'InvoiceOverdue', v: 1, data: { on: addDays(due, 1) } };
    spec
      .given([...open, overdue])
      .when(command('MarkInvoiceOverdue', { today: addDays(due, 2) }))
      .then([]);
    const paid = [...open, events.paid(payment('pay-1', TOTAL))];
    spec
      .given(paid)
      .when(command('MarkInvoiceOverdue', { today: addDays(due, 5) }))
      .then([]);
    expect(invoiceStatus(stateAfter([...open, overdue, events.paid(payment('p', TOTAL))]))).toBe(
      'paid',
    );
    expect(invoiceStatus(stateAfter([...open, overdue, events.paid(payment('p', 5_000))]))).toBe(
      'overdue',
    );
  });
});

describe('a credit note', () => {
  const open = [events.issued(invoice)];
  const credit = command('CreditInvoice', {
    number: CREDIT_NOTE_NUMBER,
    reason: 'returned',
    note: null,
  });

  it('credits the whole invoice once; the invoice reads credited with nothing to pay', () => {
    const credited: InvoiceEvent = {
      type: 'InvoiceCredited',
      v: 1,
      data: {
        creditNote: {
          number: CREDIT_NOTE_NUMBER,
          amountMinor: TOTAL,
          reason: 'returned',
          note: null,
          at: NOW,
        },
      },
    };
    spec.given(open).when(credit).then([credited]);
    spec
      .given([...open, credited])
      .when(credit)
      .then([]);
    spec
      .given([...open, credited])
      .when(command('CreditInvoice', { number: 'CN-other', reason: 'operator', note: null }))
      .thenThrows('invoice.not-creditable');
    const state = stateAfter([...open, credited]);
    expect(invoiceStatus(state)).toBe('credited');
    expect(invoiceBalance(state)).toBe(0);
    expect(isCreditNoteNumber(CREDIT_NOTE_NUMBER)).toBe(true);
  });

  it('needs an invoice', () => {
    spec.given([]).when(credit).thenThrows('invoice.not-found');
  });
});

describe('stored invoice events', () => {
  it('are read at their version; an unknown type or version is an error', () => {
    for (const [type, v] of Object.entries(INVOICE_EVENT_VERSIONS)) {
      expect(upcastInvoiceEvent({ type, v, data: {} }).type).toBe(type);
      expect(() => upcastInvoiceEvent({ type, v: v + 1, data: {} })).toThrow(/No upcaster/);
    }
    expect(() => upcastInvoiceEvent({ type: 'InvoiceLost', v: 1, data: {} })).toThrow();
  });

  it('numbers hold their check digit', () => {
    expect(isInvoiceNumber(INVOICE_NUMBER)).toBe(true);
    expect(
      isInvoiceNumber(INVOICE_NUMBER.replace(/\d$/, (d) => String((Number(d) + 1) % 10))),
    ).toBe(false);
  });
});
