/**
 * A card as the store may show it (SPEC 3): its brand, the last four digits and the expiry,
 * never more; the same words on the payment step, the review and the confirmation.
 */
import { Trans } from '@lingui/react/macro';
import type { CardBrand } from '../../../../domain/validation/payment';
import { CARD_BRAND_NAMES } from '../../../../domain/payment/card';

/** 'Visa ending in 4242' ('Card ending in 4242' for a brand the store does not name). */
export function CardName({
  card,
}: {
  card: { readonly brand: CardBrand; readonly last4: string };
}) {
  const last4 = card.last4;
  if (card.brand === 'unknown') return <Trans>Card ending in {last4}</Trans>;
  const brand = CARD_BRAND_NAMES[card.brand];
  return (
    <Trans>
      {brand} ending in {last4}
    </Trans>
  );
}
