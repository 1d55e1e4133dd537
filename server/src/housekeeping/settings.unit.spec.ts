import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import {
  DEFAULT_HOUSEKEEPING,
  DEFAULT_RETENTION_MS,
  formatDuration,
  housekeepingSettingsFrom,
  parseDuration,
} from './settings';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('housekeeping settings (HOUSEKEEPING_INTERVAL, RETENTION_*)', () => {
  it('keeps the defaults when nothing is set, or a variable is empty', () => {
    expect(housekeepingSettingsFrom({})).toEqual(DEFAULT_HOUSEKEEPING);
    expect(
      housekeepingSettingsFrom({ RETENTION_SENT_MAIL: ' ', HOUSEKEEPING_INTERVAL: '' }),
    ).toEqual(DEFAULT_HOUSEKEEPING);
    expect(DEFAULT_HOUSEKEEPING.intervalMs).toBe(10 * 60_000);
    expect(DEFAULT_RETENTION_MS.sentMail).toBe(30 * DAY);
  });

  it('reads each retention from its own variable, in seconds, minutes, hours or days', () => {
    expect(
      housekeepingSettingsFrom({
        RETENTION_SESSIONS: '2h',
        RETENTION_PROVIDER_RECORDS: '0',
        RETENTION_SIGN_IN_THROTTLE: '90m',
        RETENTION_RATE_LIMITS: '30s',
        RETENTION_IDEMPOTENCY_KEYS: ' 7d ',
        RETENTION_SENT_MAIL: '365d',
        RETENTION_PAYMENT_TOKENS: '12h',
        HOUSEKEEPING_INTERVAL: '15m',
      }),
    ).toEqual({
      intervalMs: 15 * 60_000,
      retentionMs: {
        sessions: 2 * HOUR,
        providerRecords: 0,
        signInThrottle: 90 * 60_000,
        rateLimits: 30_000,
        idempotencyKeys: 7 * DAY,
        sentMail: 365 * DAY,
        paymentTokens: 12 * HOUR,
      },
    });
  });

  it('turns the store’s own rounds off with HOUSEKEEPING_INTERVAL=off', () => {
    expect(housekeepingSettingsFrom({ HOUSEKEEPING_INTERVAL: 'off' }).intervalMs).toBeNull();
  });

  it('reaches the server configuration', () => {
    expect(loadConfig({}).housekeeping).toEqual(DEFAULT_HOUSEKEEPING);
    expect(loadConfig({ RETENTION_SENT_MAIL: '7d' }).housekeeping.retentionMs.sentMail).toBe(
      7 * DAY,
    );
    expect(() => loadConfig({ RETENTION_SENT_MAIL: 'a month' })).toThrow(/RETENTION_SENT_MAIL/);
  });

  it('refuses what is not a duration, naming the variable', () => {
    for (const wrong of ['30', '-1d', '1.5h', '1w', 'forever', '3651d', '12 h']) {
      expect(() => housekeepingSettingsFrom({ RETENTION_RATE_LIMITS: wrong }), wrong).toThrow(
        ConfigError,
      );
      expect(() => housekeepingSettingsFrom({ RETENTION_RATE_LIMITS: wrong }), wrong).toThrow(
        /RETENTION_RATE_LIMITS/,
      );
    }
  });

  it('refuses a retention that would break what the rows are kept for', () => {
    // An ended session must outlive the access token that opened it.
    expect(() => housekeepingSettingsFrom({ RETENTION_SESSIONS: '30m' })).toThrow(
      'RETENTION_SESSIONS: must be at least 1h',
    );
    expect(() => housekeepingSettingsFrom({ RETENTION_IDEMPOTENCY_KEYS: '0' })).toThrow(
      'RETENTION_IDEMPOTENCY_KEYS: must be at least 1h',
    );
    expect(housekeepingSettingsFrom({ RETENTION_SESSIONS: '60m' }).retentionMs.sessions).toBe(HOUR);
  });

  it('refuses an interval under a minute', () => {
    for (const wrong of ['0', '30s', 'never', '5']) {
      expect(() => housekeepingSettingsFrom({ HOUSEKEEPING_INTERVAL: wrong }), wrong).toThrow(
        /HOUSEKEEPING_INTERVAL/,
      );
    }
    expect(housekeepingSettingsFrom({ HOUSEKEEPING_INTERVAL: '1m' }).intervalMs).toBe(60_000);
  });

  it('writes a duration in its largest whole unit, and reads it back', () => {
    for (const [ms, text] of [
      [0, '0'],
      [45_000, '45s'],
      [90 * 60_000, '90m'],
      [36 * HOUR, '36h'],
      [30 * DAY, '30d'],
    ] as const) {
      expect(formatDuration(ms)).toBe(text);
      expect(parseDuration(text)).toBe(ms);
    }
    expect(parseDuration('soon')).toBeUndefined();
  });
});
