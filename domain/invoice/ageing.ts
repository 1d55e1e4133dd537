/**
 * The ageing of what is owed (decision 053): each invoice's balance by how many days it is
 * past its due date, in the buckets accounts-payable people read: current (not yet due, or
 * due today), 1-30, 31-60, 61-90 and over 90 days. Per account, and in all.
 */
import { daysBetween } from '../shared/calendar';
import type { MessageDescriptor } from '../shared/message';

export const AGEING_BUCKETS = ['current', '1-30', '31-60', '61-90', 'over-90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS = {
  current: /*i18n*/ { id: 'invoice.ageing.current', message: 'Current' },
  '1-30': /*i18n*/ { id: 'invoice.ageing.1-30', message: '1-30 days' },
  '31-60': /*i18n*/ { id: 'invoice.ageing.31-60', message: '31-60 days' },
  '61-90': /*i18n*/ { id: 'invoice.ageing.61-90', message: '61-90 days' },
  'over-90': /*i18n*/ { id: 'invoice.ageing.over-90', message: 'Over 90 days' },
} as const satisfies Record<AgeingBucket, MessageDescriptor>;

/** The bucket of an invoice due on `dueOn`, on `today` (both YYYY-MM-DD). */
export function ageingBucket(dueOn: string, today: string): AgeingBucket {
  const late = daysBetween(dueOn, today);
  if (late <= 0) return 'current';
  if (late <= 30) return '1-30';
  if (late <= 60) return '31-60';
  if (late <= 90) return '61-90';
  return 'over-90';
}

export type AgeingSummary = Readonly<Record<AgeingBucket, number>>;

export const emptyAgeing = (): Record<AgeingBucket, number> => ({
  current: 0,
  '1-30': 0,
  '31-60': 0,
  '61-90': 0,
  'over-90': 0,
});

export interface OwedInvoice {
  readonly accountId: string;
  readonly dueOn: string;
  readonly balanceMinor: number;
}

export interface AccountAgeing {
  readonly accountId: string;
  /** What the account owes in all. */
  readonly balanceMinor: number;
  readonly buckets: AgeingSummary;
}

/** The balances of these invoices by account and by bucket, on `today`; paid ones count for none. */
export function ageingByAccount(
  invoices: readonly OwedInvoice[],
  today: string,
): readonly AccountAgeing[] {
  const byAccount = new Map<
    string,
    { balanceMinor: number; buckets: Record<AgeingBucket, number> }
  >();
  for (const invoice of invoices) {
    if (invoice.balanceMinor <= 0) continue;
    const entry = byAccount.get(invoice.accountId) ?? { balanceMinor: 0, buckets: emptyAgeing() };
    entry.balanceMinor += invoice.balanceMinor;
    entry.buckets[ageingBucket(invoice.dueOn, today)] += invoice.balanceMinor;
    byAccount.set(invoice.accountId, entry);
  }
  return [...byAccount].map(([accountId, entry]) => ({ accountId, ...entry }));
}
