/**
 * The mail outbox on PGlite and PostgreSQL (decision 027): an order's confirmation is written
 * in the transaction of OrderPlaced, once however often the order is pushed; the worker
 * sends it over SMTP to a server started here on loopback (smtp-server), exactly once, with
 * a plain-text and an HTML part; with that server down it tries again with backoff until it
 * comes up; two workers at once, and a worker stopped or dead in the middle, still send each
 * mail once.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../../domain/mail/sample-order';
import { orderStreamKind, type Order } from '../../../domain/order/order';
import { STREAM_REGISTRY } from '../../../domain/registry';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import type { Db } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { stores } from '../db/schema';
import { acting } from '../acting/acting';
import { CommandHandler } from '../commands/execute';
import { EventStore } from '../event-store/event-store';
import { claimDueMails } from './outbox';
import { mailOutbox } from './outbox-table';
import { mailPart, outboxReport } from './report';
import { loadMailTranslations } from './translations';
import {
  startMailWorker,
  wakeMailWorkerOnAppend,
  type MailLogger,
  type MailWorker,
  type MailWorkerOptions,
} from './worker';
import { newWebReference } from '../orders/numbers';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Waits for slow machines, never as a measure of speed. */
const WAIT = { timeout: 30_000, interval: 25 };
/** Short pauses so a test sees retries in seconds, not minutes. */
const FAST_RETRY = { firstDelayMs: 100, factor: 2, maxDelayMs: 400, maxAttempts: 1_000 };

// ---------------------------------------------------------------------------------------
// A received mail, read just enough to check its parts.

interface ReceivedMail {
  readonly headers: string;
  readonly subject: string;
  readonly messageId: string;
  readonly text: string;
  readonly html: string;
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function parseMail(raw: string): ReceivedMail {
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    return at < 0
      ? { head: part, body: '' }
      : { head: part.slice(0, at), body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const { head, body } = split(raw);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => split(part.replace(/^\r?\n/, '')))
    : [{ head, body }];
  const partOf = (type: string) => {
    const part = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p.head));
    return part ? decodeBody(part.head.replace(/\r?\n[ \t]+/g, ' '), part.body) : '';
  };
  return {
    headers,
    subject: header('Subject'),
    messageId: header('Message-ID'),
    text: partOf('text/plain'),
    html: partOf('text/html'),
  };
}

// ---------------------------------------------------------------------------------------
// An SMTP server on loopback.

interface TestSmtp {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Messages whose data arrived, accepted or not yet. */
  readonly arriving: () => number;
  close(): Promise<void>;
}

async function startSmtp(
  port = 0,
  options: {
    readonly hold?: Promise<void>;
    readonly delayMs?: number;
    /** Recipients refused for good (550). */
    readonly refuse?: string;
  } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let arriving = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse) {
        callback(
          Object.assign(new Error(`<${address.address}>: no such mailbox`), { responseCode: 550 }),
        );
      } else {
        callback();
      }
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arriving += 1;
        void (async () => {
          await options.hold;
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    arriving: () => arriving,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A loopback port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// ---------------------------------------------------------------------------------------

interface LogEntry {
  readonly level: string;
  readonly details: object;
  readonly message: string;
}

function testLogger(entries: LogEntry[]): MailLogger {
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      entries.push({ level, details, message });
    };
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

function newOrder(overrides: Partial<Order> = {}): Order {
  const id = randomUUID();
  return sampleOrder({
    orderId: `${id}-v1`,
    cartId: id,
    webReference: newWebReference(),
    ...overrides,
  });
}

describe.each(testDatabaseTargets())('the mail outbox on $kind', (target) => {
  const database = useTestDatabase(target);
  let db: Db;
  let store: EventStore;
  const workers: MailWorker[] = [];
  const servers: TestSmtp[] = [];
  let logs: LogEntry[];

  beforeEach(async () => {
    await migrate(database(), await readMigrations());
    db = database().db;
    await db.insert(stores).values({ storeId: 'usassessments', currency: 'USD' });
    store = new EventStore(db, { registry: STREAM_REGISTRY });
    logs = [];
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const server of servers.splice(0)) await server.close();
  });

  function placeOrder(order: Order, commandId = `place-order-${order.orderId}`) {
    return new CommandHandler(store).execute(
      'order',
      streamIdOf(orderStreamKind, order.orderId),
      { type: 'PlaceOrder', data: { order } },
      acting.store('checkout'),
      {
        commandId,
        expectedVersion: 0,
        owner: { kind: 'user', id: order.buyer.userId },
        locale: 'en-us',
        now: new Date(order.placedAt),
      },
    );
  }

  function worker(smtpPort: number, options: Partial<MailWorkerOptions> = {}): MailWorker {
    const started = startMailWorker({
      db,
      smtpUrl: `smtp://127.0.0.1:${String(smtpPort)}`,
      from: 'Assessments Store <orders@store.example>',
      logger: testLogger(logs),
      pollMs: 50,
      retry: FAST_RETRY,
      ...options,
    });
    workers.push(started);
    return started;
  }

  async function smtp(port?: number, options?: Parameters<typeof startSmtp>[1]) {
    const server = await startSmtp(port, options);
    servers.push(server);
    return server;
  }

  async function outbox() {
    return db.select().from(mailOutbox).orderBy(mailOutbox.createdAt, mailOutbox.id);
  }

  it('keeps the Drizzle table in step with the SQL schema', async () => {
    const columns = rowsOf<{ column_name: string; is_nullable: string }>(
      await db.execute(sql`
        select column_name, is_nullable from information_schema.columns
         where table_name = 'mail_outbox' and table_schema = current_schema()
         order by column_name`),
    );
    const config = getTableConfig(mailOutbox);
    expect(
      config.columns
        .map((c) => ({ column_name: c.name, is_nullable: c.notNull ? 'NO' : 'YES' }))
        .sort((a, b) => a.column_name.localeCompare(b.column_name)),
    ).toEqual(columns);
  });

  it('writes one confirmation in the transaction of OrderPlaced, and never a second', async () => {
    const order = newOrder({ locale: 'fr-ca' });
    await placeOrder(order);
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      id: `order-confirmation:${order.orderId}`,
      template: 'order-confirmation',
      recipient: order.buyer.email,
      locale: 'fr-ca',
      status: 'pending',
      attempts: 0,
      streamId: streamIdOf(orderStreamKind, order.orderId),
      eventVersion: 1,
      data: order,
    });
    // The row and the event were written by one transaction.
    const [same] = rowsOf<{ mail_xid: string; event_xid: string }>(
      await db.execute(sql`
        select m.xmin::text as mail_xid,
               (e.transaction_id::text::numeric % 4294967296)::text as event_xid
          from mail_outbox m
          join events e on e.stream_id = m.stream_id and e.version = m.event_version`),
    );
    expect(same?.mail_xid).toBe(same?.event_xid);

    // The same command again, another command placing the same order: nothing more.
    await placeOrder(order);
    await placeOrder(order, `place-order-again-${randomUUID()}`);
    expect(await outbox()).toHaveLength(1);

    // Another order has its own mail.
    await placeOrder(newOrder());
    expect(await outbox()).toHaveLength(2);
  });

  it('writes no order when its mail cannot be written', async () => {
    await db.execute(sql`
      alter table mail_outbox add constraint no_refused check (recipient <> 'refused@example.com')`);
    const order = newOrder({ buyer: { ...sampleOrder().buyer, email: 'refused@example.com' } });
    await expect(placeOrder(order)).rejects.toThrow();
    const events = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from events
                            where stream_id = ${streamIdOf(orderStreamKind, order.orderId)}`),
    );
    expect(Number(events[0]?.n)).toBe(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('sends the confirmation once, with its order number in plain text and HTML', async () => {
    const server = await smtp();
    // Polling only every minute: the order itself wakes the worker.
    const sender = worker(server.port, { pollMs: 60_000 });
    wakeMailWorkerOnAppend(store, sender);
    const order = newOrder();
    await placeOrder(order);

    await vi.waitFor(async () => {
      expect((await outbox())[0]?.status).toBe('sent');
    }, WAIT);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.subject).toBe(`Your order ${order.webReference}`);
    expect(mail?.messageId).toBe(`<order-confirmation.${order.orderId}@store.example>`);
    expect(mail?.text).toContain(`Order web reference #: ${order.webReference}`);
    expect(mail?.text).toContain('Order total: $2,409.98');
    expect(mail?.html).toContain(order.webReference);
    expect(mail?.html).toContain('<table');
    expect(mail?.headers).toMatch(/multipart\/alternative/i);
    const [row] = await outbox();
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      messageId: mail?.messageId,
      lastError: null,
      leaseOwner: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);

    // More rounds send nothing more.
    sender.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received).toHaveLength(1);
    // Logs name the mail, never what it says or whom it goes to.
    const logged = JSON.stringify(logs);
    expect(logged).toContain(`order-confirmation:${order.orderId}`);
    expect(logged).not.toContain(order.buyer.email);
    expect(logged).not.toContain(order.lines[0]?.name ?? '?');
  });

  it('tries again with backoff while the SMTP server is down, and sends once it is up', async () => {
    const port = await freePort();
    const order = newOrder();
    await placeOrder(order);
    worker(port);

    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row?.status).toBe('pending');
      expect(row?.attempts).toBeGreaterThanOrEqual(2);
      expect(row?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    }, WAIT);
    const [waiting] = await outbox();
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(waiting?.createdAt.getTime() ?? 0);
    expect(logs.some((l) => l.level === 'warn' && /trying again/.test(l.message))).toBe(true);

    const server = await smtp(port);
    await vi.waitFor(async () => {
      expect((await outbox())[0]?.status).toBe('sent');
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.subject).toBe(`Your order ${order.webReference}`);
    expect((await outbox())[0]?.lastError).toBeNull();
  });

  it('gives a mail up after its last try, and says so', async () => {
    const port = await freePort();
    await placeOrder(newOrder());
    worker(port, { retry: { ...FAST_RETRY, maxAttempts: 2 } });
    await vi.waitFor(async () => {
      expect((await outbox())[0]?.status).toBe('failed');
    }, WAIT);
    expect((await outbox())[0]?.attempts).toBe(2);
    expect(logs.some((l) => l.level === 'error' && /given up/.test(l.message))).toBe(true);
  });

  it('gives a mail up at once when the server refuses its recipient for good', async () => {
    const order = newOrder({ buyer: { ...sampleOrder().buyer, email: 'gone@clinic.example' } });
    const server = await smtp(0, { refuse: 'gone@clinic.example' });
    await placeOrder(order);
    worker(server.port);
    await vi.waitFor(async () => {
      expect((await outbox())[0]?.status).toBe('failed');
    }, WAIT);
    const [row] = await outbox();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/550/);
    expect(server.received).toHaveLength(0);
    expect(logs.some((l) => l.level === 'error' && /given up/.test(l.message))).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('gone@clinic.example');
  });

  it('leaves a mail of a template it does not know for a version that does', async () => {
    const server = await smtp();
    await db.insert(mailOutbox).values({
      id: 'quote-ready:q-1',
      template: 'quote-ready',
      recipient: 'dana@clinic.example',
      locale: 'en-us',
      data: {},
    });
    worker(server.port);
    await vi.waitFor(async () => {
      const [row] = await outbox();
      expect(row?.attempts).toBeGreaterThanOrEqual(1);
      expect(row?.status).toBe('pending');
      expect(row?.lastError).toMatch(/No mail template quote-ready/);
    }, WAIT);
    expect(server.received).toHaveLength(0);
  });

  it('sends each mail once with two workers at once', async () => {
    const server = await smtp(0, { delayMs: 20 });
    const orders = Array.from({ length: 6 }, () => newOrder());
    for (const order of orders) await placeOrder(order);
    worker(server.port, { batchSize: 1, instanceId: 'one' });
    worker(server.port, { batchSize: 1, instanceId: 'two' });

    await vi.waitFor(async () => {
      expect((await outbox()).every((row) => row.status === 'sent')).toBe(true);
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received.map((m) => m.subject).sort()).toEqual(
      orders.map((o) => `Your order ${o.webReference}`).sort(),
    );
    expect((await outbox()).map((row) => row.attempts)).toEqual(orders.map(() => 1));
  });

  it('resumes after a worker stopped in the middle, without sending twice', async () => {
    let open: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      open = resolve;
    });
    const server = await smtp(0, { hold });
    const orders = Array.from({ length: 3 }, () => newOrder());
    for (const order of orders) await placeOrder(order);
    const first = worker(server.port, { instanceId: 'first' });

    // The first mail is on the wire when the worker is told to stop.
    await vi.waitFor(() => {
      expect(server.arriving()).toBe(1);
    }, WAIT);
    const stopping = first.stop();
    open();
    await stopping;
    const afterStop = await outbox();
    expect(afterStop.filter((row) => row.status === 'sent')).toHaveLength(1);
    expect(afterStop.filter((row) => row.status === 'pending')).toHaveLength(2);
    expect(afterStop.every((row) => row.leaseOwner === null)).toBe(true);

    // A new worker (the restarted process) sends the rest.
    worker(server.port, { instanceId: 'second' });
    await vi.waitFor(async () => {
      expect((await outbox()).every((row) => row.status === 'sent')).toBe(true);
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received.map((m) => m.subject).sort()).toEqual(
      orders.map((o) => `Your order ${o.webReference}`).sort(),
    );
  });

  it('takes over the mails of a worker that died holding them once its lease lapses', async () => {
    const server = await smtp();
    const order = newOrder();
    await placeOrder(order);
    // A worker claimed the mail and died before sending it.
    const claimed = await claimDueMails(db, 'dead-worker/1', 500, 10);
    expect(claimed.map((m) => m.id)).toEqual([`order-confirmation:${order.orderId}`]);

    worker(server.port, { instanceId: 'survivor' });
    await vi.waitFor(async () => {
      expect((await outbox())[0]?.status).toBe('sent');
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.received).toHaveLength(1);
    // The dead worker's claim counts as a try.
    expect((await outbox())[0]?.attempts).toBe(2);
  });

  it('leaves mails in the outbox when no SMTP server is configured', async () => {
    const idle = startMailWorker({
      db,
      smtpUrl: undefined,
      from: 'Assessments Store <orders@store.example>',
      logger: testLogger(logs),
    });
    workers.push(idle);
    await placeOrder(newOrder());
    idle.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outbox())[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(logs.some((l) => /SMTP_URL is not set/.test(l.message))).toBe(true);
  });

  it('lists what waits, and shows a mail’s text (npm run mail)', async () => {
    const translations = loadMailTranslations();
    expect(await outboxReport(db, { smtpUrl: undefined, translations })).toBe(
      'Mail outbox: nothing waits. 0 sent before.\n',
    );
    const order = newOrder({ locale: 'fr-ca', storeId: 'usassessments' });
    await placeOrder(order);
    const id = `order-confirmation:${order.orderId}`;
    const report = await outboxReport(db, { smtpUrl: undefined, translations });
    expect(report).toContain('Mail outbox: 1 mail not sent. 0 sent before.');
    expect(report).toContain('SMTP_URL is not set');
    expect(report).toContain(`${id}\n  To:           ${order.buyer.email}\n`);
    // In the buyer's language (fr-ca), from the catalogs.
    expect(report).toContain(`  Subject:      Votre commande ${order.webReference}\n`);
    expect(report).toContain('  Language:     fr (fr-ca)\n  Status:       pending\n');
    expect(report).toContain('  Attempts:     0\n');
    expect(report).toContain('  Last error:   –');
    const text = await mailPart(db, id, 'text', translations);
    expect(text).toContain(`N° de référence Web de la commande : ${order.webReference}`);
    expect(text).toContain('Ouverte');
    expect(await mailPart(db, id, 'html', translations)).toContain('<!doctype html>');
    expect(await mailPart(db, 'no-such-mail', 'text', translations)).toBeUndefined();
    expect(
      await outboxReport(db, { smtpUrl: 'smtp://user:secret@mail.example:587', translations }),
    ).toContain('The store sends them to smtp://mail.example:587 (SMTP_URL).');
  });
});
