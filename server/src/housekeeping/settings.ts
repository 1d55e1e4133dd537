/**
 * Housekeeping's settings (issue 26, decision 044): how often a round of purging falls due
 * (HOUSEKEEPING_INTERVAL) and how long each kind of finished row is kept after it finished
 * (RETENTION_*), each a duration such as `90m`, `36h` or `30d`, read once by config.ts. Kept
 * free of the tables' modules, so the configuration can read it without loading them.
 */
import * as z from 'zod';
import { ConfigError } from '../config';

/** What the purge deletes, one retention setting each (targets.ts says which rows). */
export const RETENTION_TARGETS = [
  'sessions',
  'providerRecords',
  'signInThrottle',
  'rateLimits',
  'idempotencyKeys',
  'sentMail',
  'paymentTokens',
] as const;

export type RetentionTarget = (typeof RETENTION_TARGETS)[number];

export const RETENTION_ENV = {
  sessions: 'RETENTION_SESSIONS',
  providerRecords: 'RETENTION_PROVIDER_RECORDS',
  signInThrottle: 'RETENTION_SIGN_IN_THROTTLE',
  rateLimits: 'RETENTION_RATE_LIMITS',
  idempotencyKeys: 'RETENTION_IDEMPOTENCY_KEYS',
  sentMail: 'RETENTION_SENT_MAIL',
  paymentTokens: 'RETENTION_PAYMENT_TOKENS',
} as const satisfies Record<RetentionTarget, string>;

export const INTERVAL_ENV = 'HOUSEKEEPING_INTERVAL';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Decision 044 gives the reasons for each. */
export const DEFAULT_RETENTION_MS: Readonly<Record<RetentionTarget, number>> = {
  sessions: DAY,
  providerRecords: DAY,
  signInThrottle: DAY,
  rateLimits: HOUR,
  idempotencyKeys: DAY,
  sentMail: 30 * DAY,
  paymentTokens: DAY,
};

/**
 * The shortest retention each allows. An ended session's row must outlive the access token
 * that opened it (15 minutes here, commonly an hour elsewhere), or the token would open a
 * fresh session; a finished idempotency key must outlive a retry of its request.
 */
export const MIN_RETENTION_MS: Readonly<Record<RetentionTarget, number>> = {
  sessions: HOUR,
  providerRecords: 0,
  signInThrottle: 0,
  rateLimits: 0,
  idempotencyKeys: HOUR,
  sentMail: 0,
  paymentTokens: 0,
};

export const DEFAULT_INTERVAL_MS = 10 * MINUTE;
const MIN_INTERVAL_MS = MINUTE;
/** Ten years: beyond it a setting is a typing error, not a retention. */
const MAX_DURATION_MS = 3650 * DAY;

export interface HousekeepingSettings {
  /** How long after a round finished the next falls due; null: this store runs none. */
  readonly intervalMs: number | null;
  /** How long a finished row is kept, per target. */
  readonly retentionMs: Readonly<Record<RetentionTarget, number>>;
}

export const DEFAULT_HOUSEKEEPING: HousekeepingSettings = {
  intervalMs: DEFAULT_INTERVAL_MS,
  retentionMs: DEFAULT_RETENTION_MS,
};

const UNITS: Readonly<Record<string, number>> = { s: 1000, m: MINUTE, h: HOUR, d: DAY };

const durationSchema = z
  .string()
  .trim()
  .regex(/^(0|[0-9]{1,7}[smhd])$/, 'must be a duration such as 90m, 36h or 30d (or 0)')
  .transform((text) =>
    text === '0' ? 0 : Number(text.slice(0, -1)) * (UNITS[text.at(-1) ?? 's'] ?? 0),
  )
  .refine((ms) => ms <= MAX_DURATION_MS, 'must be at most 3650d');

/** `90m` → 5 400 000; undefined when it is not a duration. */
export function parseDuration(text: string): number | undefined {
  const parsed = durationSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** The largest whole unit: `30d`, `36h`, `90m`, `45s`, `0`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0';
  for (const unit of ['d', 'h', 'm'] as const) {
    const size = UNITS[unit] ?? 1;
    if (ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${Math.round(ms / 1000)}s`;
}

/** HOUSEKEEPING_INTERVAL and RETENTION_*: each its default when unset or empty. */
export function housekeepingSettingsFrom(
  env: Readonly<Record<string, string | undefined>>,
): HousekeepingSettings {
  const problems: string[] = [];
  const retentionMs: Record<RetentionTarget, number> = { ...DEFAULT_RETENTION_MS };
  for (const target of RETENTION_TARGETS) {
    const name = RETENTION_ENV[target];
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const parsed = durationSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
    } else if (parsed.data < MIN_RETENTION_MS[target]) {
      problems.push(`${name}: must be at least ${formatDuration(MIN_RETENTION_MS[target])}`);
    } else {
      retentionMs[target] = parsed.data;
    }
  }
  let intervalMs: number | null = DEFAULT_INTERVAL_MS;
  const rawInterval = env[INTERVAL_ENV]?.trim() ?? '';
  if (rawInterval === 'off') {
    intervalMs = null;
  } else if (rawInterval !== '') {
    const parsed = durationSchema.safeParse(rawInterval);
    if (!parsed.success || parsed.data < MIN_INTERVAL_MS) {
      problems.push(`${INTERVAL_ENV}: must be off or a duration of at least 1m, such as 10m`);
    } else {
      intervalMs = parsed.data;
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  return { intervalMs, retentionMs };
}
