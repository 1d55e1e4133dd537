/** Price, format, qualification level and availability, as search results and product pages show them. */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AVAILABILITY_LABELS,
  FORMAT_LABELS,
  type Availability,
  type ProductSummary,
} from '../../../../domain/catalog/catalog';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
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

/** The product's UPC code, with the `upc` flag on (decision 058); nothing otherwise. */
export function Upc({ product }: { product: Pick<ProductSummary, 'upc'> }) {
  const flags = useObservableValue(flags$);
  if (!flags.upc || !product.upc) return null;
  return (
    <span className="product-upc">
      <Trans>UPC {product.upc}</Trans>
    </span>
  );
}

/** Whether product pictures show: the `image-capability` flag (decision 058). */
export function useShowsProductImages(): boolean {
  return useObservableValue(flags$)['image-capability'];
}

/**
 * The product's picture, with `image-capability` on: its box reserved by its width and
 * height before it loads, and loaded lazily where it may be below the fold.
 */
export function ProductImage({
  product,
  alt,
  eager = false,
  className,
}: {
  product: Pick<ProductSummary, 'image'>;
  alt: string;
  eager?: boolean;
  className: string;
}) {
  const shows = useShowsProductImages();
  if (!shows || !product.image) return null;
  return (
    <img
      className={className}
      src={product.image}
      alt={alt}
      width={240}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
