import { describe, expect, it } from 'vitest';
import { addDays, dateOfInstant, dayNumber, daysBetween, isIsoDate } from './calendar';

describe('calendar dates', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-1-1')).toBe(false);
    expect(dayNumber('1970-01-02')).toBe(1);
  });

  it('adds days and counts them across months and years', () => {
    expect(addDays('2026-11-22', 42)).toBe('2027-01-03');
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
  });

  it('takes the UTC date of an instant', () => {
    expect(dateOfInstant('2026-11-22T23:30:00-05:00')).toBe('2026-11-23');
  });
});
