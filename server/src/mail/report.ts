/**
 * What `npm run mail` prints (decision 027): the mails not sent yet, each with its recipient,
 * subject, status, dates, tries and last error; or one mail's plain-text (or HTML) part.
 * Plain, stable text: one block per mail, dates in UTC.
 */
import { count, eq } from 'drizzle-orm';
import { mailLanguageOf } from '../../../domain/mail/mail-language';
import { renderMail } from '../../../domain/mail/templates';
import type { Db } from '../db/database';
import { smtpTarget } from './config';
import { mailById, unsentMails, type OutboxEntry } from './outbox';
import { mailOutbox } from './outbox-table';
import type { MailTranslations } from './translations';

export interface ReportOptions {
  readonly smtpUrl: string | undefined;
  readonly translations: MailTranslations;
}

/** `2026-11-23 10:00:00 UTC` */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

function rendered(entry: OutboxEntry, translations: MailTranslations) {
  try {
    return renderMail(entry.template, entry.data, translations.translate(entry.locale));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function block(entry: OutboxEntry, translations: MailTranslations): string {
  const mail = rendered(entry, translations);
  const rows: [string, string][] = [
    ['To', entry.recipient],
    ['Subject', mail instanceof Error ? `(cannot be written: ${mail.message})` : mail.subject],
    ['Language', `${mailLanguageOf(entry.locale)} (${entry.locale})`],
    ['Status', entry.status],
    ['Created', utc(entry.createdAt)],
    ['Attempts', String(entry.attempts)],
    [
      'Next attempt',
      entry.status === 'failed'
        ? '– (given up)'
        : entry.status === 'sending'
          ? `being sent (claim lapses ${utc(entry.nextAttemptAt)})`
          : utc(entry.nextAttemptAt),
    ],
    ['Last error', entry.lastError ?? '–'],
  ];
  return [entry.id, ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(14)}${value}`)].join(
    '\n',
  );
}

export async function outboxReport(db: Db, options: ReportOptions): Promise<string> {
  const waiting = await unsentMails(db);
  const [sent] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'sent'));
  const sending =
    options.smtpUrl === undefined
      ? 'SMTP_URL is not set: nothing sends them; they wait here until it is.'
      : `The store sends them to ${smtpTarget(options.smtpUrl)} (SMTP_URL).`;
  const sentLine = `${String(sent?.n ?? 0)} sent before.`;
  if (waiting.length === 0) return `Mail outbox: nothing waits. ${sentLine}\n`;
  const heading = `Mail outbox: ${String(waiting.length)} ${waiting.length === 1 ? 'mail' : 'mails'} not sent. ${sentLine}\n${sending}`;
  return [
    heading,
    ...waiting.map((entry) => block(entry, options.translations)),
    "A mail's text: npm run mail -- --show <id>   (its HTML: --show <id> --html)",
  ]
    .join('\n\n')
    .concat('\n');
}

/** One mail's headers and its plain-text or HTML part; undefined when there is no such mail. */
export async function mailPart(
  db: Db,
  id: string,
  part: 'text' | 'html',
  translations: MailTranslations,
): Promise<string | undefined> {
  const entry = await mailById(db, id);
  if (!entry) return undefined;
  const mail = rendered(entry, translations);
  if (mail instanceof Error) return `${entry.id} cannot be written: ${mail.message}\n`;
  const headers = [
    `To: ${entry.recipient}`,
    `Subject: ${mail.subject}`,
    `Status: ${entry.status}${entry.sentAt ? ` (sent ${utc(entry.sentAt)})` : ''}`,
  ].join('\n');
  return `${headers}\n\n${part === 'html' ? mail.html : mail.text}`;
}
