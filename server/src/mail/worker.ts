/**
 * The mail worker (decision 027): sends the mail outbox over SMTP with nodemailer. It claims
 * due mails with a lease, renders each in its recipient's language, sends it with a
 * Message-ID made from its outbox id, and marks it sent; a failed try is due again after a
 * backoff (5 s, 30 s, 3 min, 18 min, then hourly), and after `maxAttempts` tries, or at once
 * when the server refuses the recipient or the message for good, it is given up on as
 * 'failed' and logged (never its content). A mail this version cannot render (a template
 * of a newer one) is tried again the same way. Everything it knows is in the table, so a
 * restart, or another instance, goes on where it stopped. It runs on `wake()` (a new order
 * in this process) and every `pollMs` (other instances, retries that fall due).
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { renderMail, type RenderedMail } from '../../../domain/mail/templates';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import { senderDomain, smtpTarget } from './config';
import {
  claimDueMails,
  markMailFailedTry,
  markMailSent,
  releaseMailClaim,
  type ClaimedMail,
} from './outbox';
import { loadMailTranslations, type MailTranslations } from './translations';

/** Fastify's (pino's) logger fits. */
export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetryPolicy {
  /** The pause after the first failed try. */
  readonly firstDelayMs: number;
  /** Each pause is this many times the one before… */
  readonly factor: number;
  /** …up to this. */
  readonly maxDelayMs: number;
  /** Tries before a mail is given up on (about a day with the defaults). */
  readonly maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 5_000,
  factor: 6,
  maxDelayMs: 3_600_000,
  maxAttempts: 30,
};

/** How long a claim lasts: well beyond the SMTP timeouts below, so a send ends within it. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export interface MailWorkerOptions {
  readonly db: Db;
  /** Unset: the worker sends nothing and mails wait in the outbox. */
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly logger: MailLogger;
  /** How often it looks for due mails when nothing wakes it (default 5 s). */
  readonly pollMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  readonly leaseMs?: number;
  /** Mails claimed at a time (default 10). */
  readonly batchSize?: number;
  /** The catalogs mails are written with (default: locales/ of this checkout). */
  readonly translations?: MailTranslations;
  /** Names this worker's claims (default: random). */
  readonly instanceId?: string;
  /** Files a mail carries, made when it is sent (a quote's PDF); default none. */
  readonly attachments?: MailAttachments;
}

/** A file attached to a mail. */
export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

/** The files of an outbox mail, by its template and data (rendered when it is sent). */
export type MailAttachments = (mail: {
  readonly template: string;
  readonly data: unknown;
}) => Promise<readonly MailAttachment[]>;

export interface MailWorker {
  /** Stops looking for mails, waits for the one being sent and gives back the rest. */
  stop(): Promise<void>;
  /** Looks for due mails now (a new order was written in this process). */
  wake(): void;
}

/** The pause after the `attempts`-th failed try. */
export function retryDelayMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const delay = policy.firstDelayMs * policy.factor ** Math.max(0, attempts - 1);
  return Math.min(policy.maxDelayMs, delay);
}

/** `<order-confirmation.{orderId}@{domain}>`: the same for every try of one outbox mail. */
export function messageIdFor(outboxId: string, domain: string): string {
  const local = outboxId
    .replace(/[^A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]/g, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
  return `<${local || 'mail'}@${domain}>`;
}

interface SmtpError {
  readonly code?: unknown;
  readonly responseCode?: unknown;
  readonly permanent?: unknown;
  readonly message?: unknown;
}

/** What went wrong, for the outbox row and the log: the SMTP answer, never the mail. */
function describe(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const text = typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return `${code}${text}`.replace(/\s+/g, ' ').slice(0, 500);
}

/** For logs: the same, with any email address masked (the row keeps the whole answer). */
function masked(reason: string): string {
  return reason.replace(/[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/g, '<address>');
}

/** The server refused this recipient or this message for good: trying again cannot help. */
function isPermanent(error: unknown): boolean {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  return e.permanent === true && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE');
}

export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, logger, smtpUrl } = options;
  if (smtpUrl === undefined) {
    logger.info({}, 'SMTP_URL is not set: mails wait in the outbox (npm run mail lists them)');
    return { stop: () => Promise.resolve(), wake: () => undefined };
  }
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? 10;
  const instanceId = options.instanceId ?? randomUUID();
  const translations = options.translations ?? loadMailTranslations();
  const domain = senderDomain(options.from);
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  let claims = 0;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  /** Due again after the backoff, or given up on: after the last try, or when `permanent`. */
  async function failedTry(
    mail: ClaimedMail,
    claim: string,
    error: unknown,
    permanent: boolean,
  ): Promise<void> {
    const reason = describe(error);
    const giveUp = permanent || mail.attempts >= retry.maxAttempts;
    const retryInMs = giveUp ? null : retryDelayMs(mail.attempts, retry);
    await markMailFailedTry(db, mail.id, claim, reason, retryInMs);
    const details = { mailId: mail.id, template: mail.template, attempts: mail.attempts };
    if (giveUp) {
      logger.error({ ...details, error: masked(reason) }, 'a mail could not be sent; given up');
    } else {
      logger.warn(
        { ...details, retryInMs, error: masked(reason) },
        'a mail could not be sent; trying again later',
      );
    }
  }

  async function deliver(mail: ClaimedMail, claim: string): Promise<void> {
    let rendered: RenderedMail;
    let attachments: readonly MailAttachment[];
    try {
      rendered = renderMail(mail.template, mail.data, translations.translate(mail.locale));
      attachments = (await options.attachments?.(mail)) ?? [];
    } catch (error) {
      // Tried again like a failed send: in a rolling deploy, a newer instance that knows a
      // new template may be the one to send it.
      await failedTry(mail, claim, error, false);
      return;
    }
    let messageId: string;
    try {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.recipient,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
        messageId: messageIdFor(mail.id, domain),
      });
      messageId = info.messageId;
    } catch (error) {
      await failedTry(mail, claim, error, isPermanent(error));
      return;
    }
    // Sent: from here on, only marking it. Never put back for another try (a database that
    // fails now leaves the claim to lapse, the one window for a second copy).
    let marked: boolean;
    try {
      marked = await markMailSent(db, mail.id, claim, messageId);
    } catch (error) {
      logger.error(
        { mailId: mail.id, error: masked(describe(error)) },
        'a mail was sent but could not be marked sent; it may be sent again when its claim lapses',
      );
      return;
    }
    if (marked) {
      logger.info(
        { mailId: mail.id, template: mail.template, attempts: mail.attempts },
        'mail sent',
      );
    } else {
      logger.warn(
        { mailId: mail.id },
        'a mail was sent after its claim lapsed; it may be sent twice (same Message-ID)',
      );
    }
  }

  async function drain(): Promise<void> {
    while (!stopped) {
      claims += 1;
      const claim = `${instanceId}/${String(claims)}`;
      const mails = await claimDueMails(db, claim, leaseMs, batchSize);
      if (mails.length === 0) return;
      for (const mail of mails) {
        if (stopped) break;
        await deliver(mail, claim);
      }
      // Stopped in the middle: what was claimed and not tried goes back at once.
      if (stopped) await releaseMailClaim(db, claim);
    }
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        logger.error({ error: masked(describe(error)) }, 'the mail outbox could not be read');
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          wake();
        }
      });
  }

  const timer = setInterval(wake, options.pollMs ?? 5_000);
  timer.unref();
  logger.info({ smtp: smtpTarget(smtpUrl) }, 'sending mails from the outbox');
  wake();

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}

/**
 * Wakes the worker when this process writes events of a kind that sends mails (an order
 * placed), so its confirmation goes at once rather than at the next poll. Returns the
 * unsubscribe function.
 */
export function wakeMailWorkerOnAppend(store: EventStore, worker: MailWorker): () => void {
  const sends = new Set(
    store.registry.kinds.filter((kind) => kind.outbox !== undefined).map((kind) => kind.name),
  );
  return store.onAppended((appended) => {
    if (appended.some((event) => sends.has(event.kind))) worker.wake();
  });
}
