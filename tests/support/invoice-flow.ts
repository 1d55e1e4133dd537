/**
 * Invoiced orders in integration tests (decision 053): the app with the fulfilment and the
 * invoicing as the store runs them, on a clock the test moves, so an order placed through the
 * API ships and gets its invoice; and an invoice paid through its payment request with a card
 * typed into the sandbox's fields.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { InvoiceView } from '../../domain/invoice/invoice';
import type { Order } from '../../domain/order/order';
import { ProcessManagerRunner } from '../../server/src/event-store/process-managers';
import { invoicing } from '../../server/src/invoices/invoice-process';
import { orderFulfilment, type OrderFulfilment } from '../../server/src/orders/fulfilment-process';
import { SandboxGateway } from '../../server/src/payments/sandbox/sandbox-gateway';
import { SANDBOX_DENIED_PARTIES } from '../../server/src/screening/denied-parties';
import { buildTestApp } from './app';
import type { CheckoutChoices, SignedIn } from './checkout-flow';
import { samsPurchaseOrder } from './checkout-flow';
import type { TestDatabase } from './databases';

const STEP_MS = 60_000;

export interface InvoicingApp {
  readonly app: FastifyInstance;
  /** Steps the order until it has shipped or completed and its invoice is issued. */
  shipAndInvoice(order: Order, who: SignedIn): Promise<InvoiceView>;
  /** A card typed into the sandbox's fields, as a payment's `card`. */
  newCard(number: string, holderName?: string): Promise<Record<string, unknown>>;
  /** Pays part or all of an invoice through `POST /api/invoices/{id}/payments`. */
  pay(
    invoiceId: string,
    who: SignedIn,
    payload: Record<string, unknown>,
    key?: string,
  ): Promise<LightMyRequestResponse>;
  /** Stops the process managers' runner. */
  close(): Promise<void>;
}

export async function invoicingApp(t: TestDatabase): Promise<InvoicingApp> {
  let clock = Date.now();
  // The fulfilment reads the app's event store, which is built with the fulfilment's context.
  const built: { app?: FastifyInstance } = {};
  const store = () => {
    if (!built.app) throw new Error('the app is not built yet');
    return built.app.eventStore;
  };
  const fulfilment: OrderFulfilment = orderFulfilment({
    db: t.database.db,
    store,
    payments: new SandboxGateway(t.database.db),
    stepMs: STEP_MS,
    deniedParties: SANDBOX_DENIED_PARTIES,
  });
  const app = await buildTestApp(t.database, {
    processManagers: false,
    contexts: { order: fulfilment.context },
  });
  built.app = app;
  const runner = new ProcessManagerRunner(
    t.database.db,
    app.eventStore,
    [fulfilment.process, invoicing({ db: t.database.db, store })],
    { instanceId: 'invoice-flow', leaseMs: 600_000, now: () => new Date(clock) },
  );
  const invoiceOf = (order: Order, who: SignedIn) =>
    app.inject({ url: `/api/invoices/${order.orderId}`, headers: { cookie: who.cookie } });

  return {
    app,
    async shipAndInvoice(order, who) {
      // On a shared PostgreSQL an event is read once older transactions end: a run may not see it yet.
      for (let round = 0; round < 400; round += 1) {
        clock += STEP_MS;
        await runner.runOnce();
        if ((await invoiceOf(order, who)).statusCode === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const response = await invoiceOf(order, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ invoice: InvoiceView }>().invoice;
    },
    async newCard(number, holderName = 'Priya Shah') {
      const card = (
        await app.inject({
          method: 'POST',
          url: '/payment-sandbox/tokens',
          payload: { number, expMonth: '12', expYear: '2030', securityCode: '737' },
        })
      ).json<{ token: string; last4: string }>();
      return {
        source: 'new',
        token: card.token,
        card: { brand: 'visa', last4: card.last4, expMonth: 12, expYear: 2030 },
        holderName,
      };
    },
    pay(invoiceId, who, payload, key = randomUUID()) {
      return app.inject({
        method: 'POST',
        url: `/api/invoices/${invoiceId}/payments?locale=en-gb`,
        headers: { cookie: who.cookie, 'idempotency-key': key },
        payload,
      });
    },
    async close() {
      await runner.stop();
      await app.close();
    },
  };
}

/** Sam's choices, paid by a new card from the sandbox's fields instead of a purchase order. */
export function samsCardOrder(card: { token: string; last4: string }): CheckoutChoices {
  return (facts) =>
    samsPurchaseOrder('unused')(facts).map((command) =>
      command.type === 'ChoosePayment'
        ? {
            type: 'ChoosePayment',
            data: {
              method: 'card',
              source: 'new',
              token: card.token,
              card: { brand: 'visa', last4: card.last4, expMonth: 12, expYear: 2030 },
              firstName: 'Sam',
              lastName: 'Okafor',
              saveCard: false,
            },
          }
        : command,
    );
}
