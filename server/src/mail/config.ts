/**
 * Mail settings from the environment (decision 027):
 *
 * - `SMTP_URL`: where mails are sent (`smtp://127.0.0.1:2525`, `smtps://user:pass@host:465`,
 *   `smtp://user:pass@host:587` with STARTTLS as the server offers it). Unset: nothing is
 *   sent, mails wait in the outbox (`npm run mail` lists them).
 * - `MAIL_FROM`: the sender, `Name <address>` or an address (default
 *   `Assessments Store <orders@localhost>`). Its domain also names the mails' Message-IDs.
 */
import * as z from 'zod';
import { ConfigError } from '../config';

export const DEFAULT_MAIL_FROM = 'Assessments Store <orders@localhost>';

export interface MailConfig {
  /** Unset: no mail is sent; they wait in the outbox. */
  readonly smtpUrl: string | undefined;
  readonly from: string;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** `address@domain`, alone or as `Name <address@domain>`. */
const SENDER = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The environment variables of mail, to fold into the server's own schema. */
export const mailEnvShape = {
  SMTP_URL: optional.refine((value) => value === undefined || isSmtpUrl(value), {
    message: 'SMTP_URL must look like smtp://host:port or smtps://user:password@host:port',
  }),
  MAIL_FROM: optional.refine((value) => value === undefined || SENDER.test(value), {
    message: 'MAIL_FROM must be an address, or a name and <address>',
  }),
};

export const mailEnvSchema = z.object(mailEnvShape);

export function mailConfigFrom(env: Readonly<Record<string, string | undefined>>): MailConfig {
  const parsed = mailEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  return { smtpUrl: parsed.data.SMTP_URL, from: parsed.data.MAIL_FROM ?? DEFAULT_MAIL_FROM };
}

/** The domain of the sender's address (`localhost` for the default). */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  const domain = at < 0 ? '' : address.slice(at + 1).trim();
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/** Where mails go, for logs: never the user name or the password in the URL. */
export function smtpTarget(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'an SMTP server';
  }
}
