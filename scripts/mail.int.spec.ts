/**
 * `npm run mail` while the store runs (decisions 027, 037): on the embedded database the
 * tool asks the store through its operator channel (this process holds the directory's lock,
 * so the tool could not open it), and the store says how it sends mail; with DATABASE_URL it
 * reads the server beside the store. An unknown mail is said in words, with a non-zero exit.
 * With the store stopped, the tool opens the embedded database itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../domain/order/order';
import { BuyerFlow, samsPurchaseOrder, signInDemoBuyers } from '../tests/support/checkout-flow';
import {
  runTool,
  startTestStore,
  testStoreKinds,
  type TestStore,
  type ToolRun,
} from '../tests/support/running-store';

/** The store sends no mail (no SMTP_URL): the order's confirmation waits in the outbox. */
const STORE_SETTINGS = { FULFILMENT_STEP_SECONDS: '604800' };
/** The tool's own environment names a server; the running store's setting is what counts. */
const TOOL_SMTP = { SMTP_URL: 'smtp://mail.example:2525' };

function printed(run: ToolRun): string {
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

describe.each(testStoreKinds())('npm run mail while the store runs (%s)', (kind) => {
  let store: TestStore;
  let order: Order;
  let id: string;

  const mail = (...args: string[]) => runTool('mail', args, { ...store.env, ...TOOL_SMTP });

  beforeAll(async () => {
    store = await startTestStore(kind, STORE_SETTINGS);
    const { sam } = await signInDemoBuyers(store.server.database.db, ['sam']);
    const flow = new BuyerFlow(store.server.app, sam, 'en-gb');
    order = await flow.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-MAIL-0001'));
    id = `order-confirmation:${order.orderId}`;
  }, 180_000);

  afterAll(async () => {
    await store.dispose();
  });

  it('lists the mails waiting, with how the store sends them', async () => {
    const report = printed(await mail());
    expect(report).toMatch(/^Mail outbox: 1 mail not sent\. 0 sent before\.\n/);
    // Through the channel, the store's setting (none); on PostgreSQL, the tool's own.
    expect(report).toContain(
      kind === 'pglite'
        ? 'SMTP_URL is not set: nothing sends them; they wait here until it is.'
        : 'The store sends them to smtp://mail.example:2525 (SMTP_URL).',
    );
    expect(report).toContain(`\n\n${id}\n  To:           sam.okafor@demo.example\n`);
    expect(report).toContain(`  Subject:      Your order ${order.webReference}\n`);
    expect(report).toContain('  Status:       pending\n');
  });

  it('shows one mail, its text or its HTML', async () => {
    const [text, html] = await Promise.all([mail('--show', id), mail('--show', id, '--html')]);
    expect(printed(text)).toMatch(
      new RegExp(
        `^To: sam\\.okafor@demo\\.example\\nSubject: Your order ${order.webReference}\\nStatus: pending\\n\\n`,
      ),
    );
    expect(text.stdout).toContain(order.webReference);
    expect(text.stdout).not.toContain('<table');
    expect(printed(html)).toContain('<table');
  });

  it('says so when there is no such mail, and exits non-zero', async () => {
    const run = await mail('--show', 'order-confirmation:none');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe('No mail order-confirmation:none in the outbox.');
  });

  if (kind === 'pglite') {
    it('opens the embedded database itself once the store is stopped', async () => {
      await store.stop();
      const report = printed(await mail());
      expect(report).toContain('The store sends them to smtp://mail.example:2525 (SMTP_URL).');
      expect(report).toContain(`\n\n${id}\n`);
      expect(printed(await mail('--show', id))).toContain(
        `Subject: Your order ${order.webReference}\n`,
      );
    });
  }
});
