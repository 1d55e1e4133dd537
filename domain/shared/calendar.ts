/**
 * Calendar dates as ISO strings (YYYY-MM-DD), without time zones: "today" is always given
 * by the caller, never read from a clock.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a real calendar date, or undefined for anything else. */
export function dayNumber(iso: string): number | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return undefined;
  }
  return time / DAY_MS;
}

export function isIsoDate(iso: string): boolean {
  return dayNumber(iso) !== undefined;
}

export function fromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const start = dayNumber(iso);
  if (start === undefined) throw new RangeError(`Not a date: ${iso}`);
  return fromDayNumber(start + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`Not a date: ${from} or ${to}`);
  return b - a;
}

/** The calendar date (UTC) of an ISO instant such as 2026-11-22T09:30:00Z. */
export function dateOfInstant(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new RangeError(`Not an instant: ${instant}`);
  return new Date(time).toISOString().slice(0, 10);
}
