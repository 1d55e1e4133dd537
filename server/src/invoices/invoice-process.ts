/**
 * Invoicing as a registered process manager (decision 053): it follows the order kind's
 * events and, when an order ships (or completes with nothing to ship), issues its invoice
 * with a number of its own; when an order is returned, credits the invoice with a credit
 * note. The invoice's stream id is the order's, so an order issues one invoice whatever runs
 * twice: a restart, a second instance (the runner's lease), a reaction issued again (its
 * command id is the event's). Orders that shipped before the manager first ran are invoiced
 * too (it reads the order kind's whole history once).
 */
import type { InvoiceState } from '../../../domain/invoice/invoice';
import {
  creditsInvoice,
  invoiceIdOf,
  invoiceOf,
  issuesInvoice,
} from '../../../domain/invoice/issue';
import { invoiceStreamKind } from '../../../domain/invoice/stream';
import { defineProcessManager } from '../../../domain/kinds';
import { orderStreamKind, type OrderState } from '../../../domain/order/order';
import { streamIdOf, type ProcessManager } from '../../../domain/sync/stream-kind';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import { issueInvoiceNumber } from './invoice-repository';

/** The manager's name: the actor of its commands (`system:invoicing`). */
export const INVOICING = 'invoicing';

export interface InvoicingDeps {
  readonly db: Db;
  /** The event store, read for the order and its invoice (set once the store exists). */
  readonly store: () => EventStore;
}

export function invoicing(deps: InvoicingDeps): ProcessManager {
  return defineProcessManager({
    name: INVOICING,
    kinds: ['order'],
    fromStart: true,
    react: async (event) => {
      if (event.type !== 'OrderStatusChanged') return [];
      const issue = issuesInvoice(event.data);
      if (!issue && !creditsInvoice(event.data)) return [];
      const found = await deps.store().stateOf(orderStreamKind, event.streamId);
      const order = (found?.state as OrderState | undefined)?.order;
      if (!order) return [];
      const streamId = streamIdOf(invoiceStreamKind, invoiceIdOf(order.orderId));
      const invoice = (await deps.store().stateOf(invoiceStreamKind, streamId))?.state as
        InvoiceState | undefined;
      const target = {
        kind: 'invoice',
        streamId,
        owner: { kind: 'user', id: order.buyer.userId },
        storeId: order.storeId,
      } as const;
      if (issue) {
        if (invoice?.invoice) return [];
        // Issued on the day it shipped: the same day whenever this runs.
        const at = event.data.at;
        const number = await issueInvoiceNumber(deps.db);
        return [
          {
            ...target,
            command: {
              type: 'IssueInvoice',
              data: invoiceOf(order, { number, issuedOn: at.slice(0, 10), at }),
            },
          },
        ];
      }
      // Returned: its invoice, if it has one, is credited once.
      if (!invoice?.invoice || invoice.creditNote) return [];
      const number = await issueInvoiceNumber(deps.db, 'credit-note');
      return [
        {
          ...target,
          command: { type: 'CreditInvoice', data: { number, reason: 'returned', note: null } },
        },
      ];
    },
  });
}
