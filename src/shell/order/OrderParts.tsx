/**
 * Parts of a placed order's page, shared by the order confirmation and the order pages after
 * checkout: its discount rows for the totals, the training participants given and the access
 * codes of its digital items.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../domain/order/order';
import type { TrainingParticipant } from '../../../domain/validation/training';
import type { DiscountRow } from './OrderViews';
import './order-views.css';

/** The discounts of an order (or its invoice) with the labels of SPEC 4.7; one line when they do not add up. */
export function orderDiscountRows(
  order: Pick<Order, 'accountDiscount' | 'promotions' | 'totals'>,
  labels: { uap: string; organization: string; general: string },
  uapEnabled: boolean,
  orgLevelDiscountEnabled: boolean,
): DiscountRow[] {
  const rows: DiscountRow[] = [];
  const account = order.accountDiscount;
  if (account && account.discountMinor > 0) {
    const label =
      account.programme === 'UAP' && uapEnabled
        ? labels.uap
        : account.programme === 'OLD' && orgLevelDiscountEnabled
          ? labels.organization
          : labels.general;
    rows.push({ key: 'account', label, minor: account.discountMinor });
  }
  for (const promotion of order.promotions) {
    if (promotion.discountMinor > 0) {
      rows.push({
        key: promotion.code,
        label: `${promotion.name} (${promotion.code})`,
        minor: promotion.discountMinor,
      });
    }
  }
  const listed = rows.reduce((n, row) => n + row.minor, 0);
  if (listed === order.totals.discountsMinor) return rows;
  return order.totals.discountsMinor > 0
    ? [{ key: 'all', label: labels.general, minor: order.totals.discountsMinor }]
    : [];
}

/** The participants given for each training line (SPEC 3 Training participant). */
export function TrainingParticipantsView({ order }: { order: Order }) {
  const lines = order.lines.filter(
    (line) => line.format === 'online-training' && order.trainingParticipants[line.code],
  );
  if (lines.length === 0) return null;
  return (
    <section className="checkout-section" aria-labelledby="confirmation-training">
      <h2 id="confirmation-training">
        <Trans>Online training participants</Trans>
      </h2>
      <ul className="training-lines">
        {lines.map((line) => (
          <li key={line.code} className="training-line">
            <span className="training-line__name">{line.name}</span>
            <TrainingParticipantList participants={order.trainingParticipants[line.code] ?? []} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One access code per seat of each digital item, by item and seat. */
export function AccessCodesView({ order }: { order: Order }) {
  if (order.accessCodes.length === 0) return null;
  const seatOf = new Map<string, number>();
  const names = new Map(order.lines.map((line) => [line.code, line.name]));
  return (
    <section className="checkout-section" aria-labelledby="confirmation-access-codes">
      <h2 id="confirmation-access-codes">
        <Trans>Access codes</Trans>
      </h2>
      <dl className="confirmation__facts" data-testid="access-codes">
        {order.accessCodes.map((entry, index) => {
          const seat = (seatOf.get(entry.code) ?? 0) + 1;
          seatOf.set(entry.code, seat);
          const name = names.get(entry.code) ?? entry.code;
          return (
            <div key={index} className="review-totals__row">
              <dt>
                <Trans>
                  {name}, seat {seat}
                </Trans>
              </dt>
              <dd>
                <code>{entry.accessCode}</code>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** Participants as a list: name, email and the two preferred dates (SPEC 3). */
export function TrainingParticipantList({
  participants,
}: {
  participants: readonly TrainingParticipant[];
}) {
  const { t, i18n } = useLingui();
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const date = (iso: string) => {
    const time = Date.parse(`${iso}T00:00:00Z`);
    return Number.isNaN(time) ? iso : day.format(new Date(time));
  };
  return (
    <ul className="training-line__participants" aria-label={t`Participants`}>
      {participants.map((p, seat) => {
        const first = date(p.firstPreferredDate);
        const second = date(p.secondPreferredDate);
        return (
          <li key={seat}>
            {p.firstName} {p.lastName} ({p.email}){' · '}
            <Trans>
              Preferred dates: {first}, {second}
            </Trans>
          </li>
        );
      })}
    </ul>
  );
}
