/** Price, format, qualification level and availability, as search results and product pages show them. */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AVAILABILITY_LABELS,
  FORMAT_LABELS,
  type Availability,
  type ProductSummary,
} from '../../../../domain/catalog/catalog';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { VatNote } from '../../../shell/VatNote';

export function Price({ product }: { product: Pick<ProductSummary, 'priceMinor' | 'currency'> }) {
  const storefront = useStorefront();
  const text =
    product.priceMinor === null
      ? null
      : formatMoney(money(product.priceMinor, product.currency), languageTag(storefront));
  return text === null ? (
    <span className="price price--none">
      <Trans>Price on request</Trans>
    </span>
  ) : (
    <span className="price" data-currency={product.currency}>
      {text}
      <VatNote />
    </span>
  );
}

export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { i18n } = useLingui();
  return (
    <span className={`availability availability--${availability}`}>
      {i18n._(AVAILABILITY_LABELS[availability])}
    </span>
  );
}

export function FormatLabel({ product }: { product: Pick<ProductSummary, 'format'> }) {
  const { i18n } = useLingui();
  return <>{i18n._(FORMAT_LABELS[product.format])}</>;
}

export function LevelLabel({ level }: { level: ProductSummary['qualificationLevel'] }) {
  return <Trans>Qualification level {level}</Trans>;
}
