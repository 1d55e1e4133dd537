/** The ageing buckets on their edges (decision 053): days past the due date. */
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/calendar';
import { ageingBucket, ageingByAccount } from './ageing';

const DUE = '2026-10-01';
const late = (days: number) => ageingBucket(DUE, addDays(DUE, days));

describe('ageing buckets', () => {
  it('puts each number of days past due in its bucket, on the edges', () => {
    expect(late(-5)).toBe('current');
    expect(late(0)).toBe('current');
    expect(late(1)).toBe('1-30');
    expect(late(30)).toBe('1-30');
    expect(late(31)).toBe('31-60');
    expect(late(60)).toBe('31-60');
    expect(late(61)).toBe('61-90');
    expect(late(90)).toBe('61-90');
    expect(late(91)).toBe('over-90');
  });

  it('sums the balances by account and bucket; a paid invoice counts for none', () => {
    const today = addDays(DUE, 45);
    expect(
      ageingByAccount(
        [
          { accountId: 'riverside', dueOn: DUE, balanceMinor: 10_000 },
          { accountId: 'riverside', dueOn: addDays(DUE, 40), balanceMinor: 2_500 },
          { accountId: 'riverside', dueOn: addDays(DUE, 50), balanceMinor: 1_000 },
          { accountId: 'riverside', dueOn: DUE, balanceMinor: 0 },
          { accountId: 'lakeshore', dueOn: addDays(DUE, -60), balanceMinor: 700 },
        ],
        today,
      ),
    ).toEqual([
      {
        accountId: 'riverside',
        balanceMinor: 13_500,
        buckets: { current: 1_000, '1-30': 2_500, '31-60': 10_000, '61-90': 0, 'over-90': 0 },
      },
      {
        accountId: 'lakeshore',
        balanceMinor: 700,
        buckets: { current: 0, '1-30': 0, '31-60': 0, '61-90': 0, 'over-90': 700 },
      },
    ]);
  });
});
