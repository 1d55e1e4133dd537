/**
 * /{locale}/p/{code} (SPEC 2.1): a product with its description, format, qualification
 * level and what that level means, the store's price, availability (in stock, out of
 * stock, pre-order with the SPEC 4.8 note, not sold online, order by phone) and its
 * minimum and maximum order quantities. Offline, a page seen before opens from the worker's
 * copy, and any other product of the store from the catalog index kept on this device
 * (name, price, availability and the add-to-cart control).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import { viewItemEvent } from '../../../../domain/analytics/ecommerce';
import {
  canAddToCart,
  LEVEL_EXPLANATIONS,
  PRE_ORDER_MESSAGE,
  type ProductDetail,
} from '../../../../domain/catalog/catalog';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Message, MessageDescriptor } from '../../../../domain/shared/message';
import { PRODUCT_MESSAGES as V } from '../../../../domain/validation/product-messages';
import {
  productPath,
  productStructuredData,
  scriptSafeJson,
  storefrontAlternates,
} from '../../../../domain/catalog/structured-data';
import { pushEvent } from '../../../infra/analytics';
import { pageOrigin } from '../../../infra/http';
import { keepOfflineCopy } from '../../../infra/offline-copy';
import { WORKER_CACHES } from '../../../../domain/shared/worker-caches';
import { ApiError } from '../../../infra/api';
import { cartProductOf } from '../../../infra/cart/cart-product';
import { CATEGORY_LABELS } from '../../../shell/content/categories';
import { languageTag } from '../../../shell/storefront-label';
import { useCartStore } from '../../../shell/use-cart-store';
import { useStorefront } from '../../../shell/use-storefront';
import { fetchProduct, isNetworkFailure, productApiPath, type ProductView } from '../api';
import { productKey, type ProductData } from '../product-loader';
import { useLoad } from '../../../infra/use-load';
import {
  AvailabilityBadge,
  FormatLabel,
  LevelLabel,
  Price,
  ProductImage,
  Upc,
} from './ProductFacts';
import '../catalog.css';
import { useModalDialog } from '../../../shell/use-modal-dialog';

export function ProductPage() {
  const { t } = useLingui();
  const storefront = useStorefront();
  const code = (useParams().code ?? '').toUpperCase();
  const preloaded = useLoaderData<ProductData>();
  const [state, retry] = useLoad(
    productKey(storefront.locale, code),
    () => fetchProduct(storefront.locale, code),
    preloaded,
  );
  // A first visit's product, kept for offline as if this browser had fetched it.
  useEffect(() => {
    if ('value' in preloaded && preloaded.renderedOnServer && !preloaded.value.fromDeviceIndex) {
      const { data } = preloaded.value;
      keepOfflineCopy(
        WORKER_CACHES.catalogProducts,
        productApiPath(storefront.locale, data.code),
        data,
      );
    }
  }, [preloaded, storefront.locale]);

  if (state.status === 'loading') {
    return (
      <div className="page product" aria-busy="true">
        <p role="status">
          <Trans>Loading product…</Trans>
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    const missing =
      state.error instanceof ApiError && (state.error.status === 404 || state.error.status === 400);
    return (
      <div className="page page--message product">
        <title>{t`Product not found | Assessments Store`}</title>
        <h1>{missing ? t`Product not found` : t`This product could not be loaded`}</h1>
        <p role="alert">
          {missing ? (
            <Trans>We could not find a product with the code {code}.</Trans>
          ) : isNetworkFailure(state.error) ? (
            <Trans>
              You are offline and this product is not saved on this device. Try again when you are
              back online.
            </Trans>
          ) : (
            <Trans>Please try again.</Trans>
          )}
        </p>
        {missing ? (
          <Link to={`/${storefront.locale}/search.html?q=${encodeURIComponent(code)}`}>
            <Trans>Search the catalog</Trans>
          </Link>
        ) : (
          <button type="button" className="button-secondary" onClick={retry}>
            <Trans>Try again</Trans>
          </button>
        )}
      </div>
    );
  }
  return (
    <ProductDetails product={state.value.data} fromDeviceIndex={state.value.fromDeviceIndex} />
  );
}

function ProductDetails({
  product,
  fromDeviceIndex,
}: {
  product: ProductView;
  fromDeviceIndex: boolean;
}) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  // SPEC 3: the product viewed, for the data layer (once per product shown).
  const { code, name, program, priceMinor, currency, notDiscountable } = product;
  useEffect(() => {
    if (priceMinor === null) return;
    pushEvent({
      ...viewItemEvent(
        {
          code,
          name,
          program,
          unitPriceMinor: priceMinor,
          notDiscountable: notDiscountable ?? false,
        },
        currency,
      ),
    });
  }, [code, name, program, priceMinor, currency, notDiscountable]);
  const say = (descriptor: MessageDescriptor, values: Record<string, string>) =>
    i18n._({ id: descriptor.id, message: descriptor.message, values });
  const category = CATEGORY_LABELS.get(product.category);
  const categoryName = category ? i18n._(category) : product.category;
  const availableOn = product.availableOn
    ? new Intl.DateTimeFormat(languageTag(storefront), {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${product.availableOn}T00:00:00Z`))
    : null;
  return (
    <article className="page product" aria-labelledby="product-name">
      <title>{t`${product.name} | Assessments Store`}</title>
      <ProductLinks product={product} />
      <nav aria-label={t`Breadcrumb`} className="product__crumbs">
        <Link to={`/${storefront.locale}/search.html?category=${product.category}`}>
          {categoryName}
        </Link>
      </nav>
      <h1 id="product-name">{product.name}</h1>
      <p className="product__code">
        <Trans>Item {product.code}</Trans> · {product.program} <Upc product={product} />
      </p>
      {fromDeviceIndex ? (
        <p className="catalog-note" role="note">
          <Trans>
            You are offline. This summary comes from the catalog saved on this device; the full
            description opens when you are back online.
          </Trans>
        </p>
      ) : null}
      <div className="product__layout">
        <div className="product__about">
          <ProductImage
            product={product}
            alt={t`Picture of ${product.name}`}
            eager
            className="product__image"
          />
          {product.description ? (
            <p className="product__description">{product.description}</p>
          ) : null}
          <dl className="product__facts">
            <dt>
              <Trans>Format</Trans>
            </dt>
            <dd>
              <FormatLabel product={product} />
            </dd>
            <dt>
              <Trans>Qualification</Trans>
            </dt>
            <dd>
              <LevelLabel level={product.qualificationLevel} />
              <p className="product__level">
                {i18n._(LEVEL_EXPLANATIONS[product.qualificationLevel])}
              </p>
            </dd>
            {product.minOrderQuantity ? (
              <>
                <dt>
                  <Trans>Minimum order quantity</Trans>
                </dt>
                <dd>{product.minOrderQuantity}</dd>
              </>
            ) : null}
            {product.maxOrderQuantity ? (
              <>
                <dt>
                  <Trans>Maximum order quantity</Trans>
                </dt>
                <dd>{product.maxOrderQuantity}</dd>
              </>
            ) : null}
          </dl>
        </div>
        <aside className="product__buy" aria-label={t`Buy`}>
          <p className="product__price">
            <Price product={product} />
          </p>
          <p>
            <AvailabilityBadge availability={product.availability} />
          </p>
          {product.availability === 'pre-order' ? (
            <div className="catalog-note" role="note">
              {availableOn ? (
                <p>
                  <Trans>Expected to ship from {availableOn}.</Trans>
                </p>
              ) : null}
              <p>{i18n._(PRE_ORDER_MESSAGE)}</p>
            </div>
          ) : null}
          {product.availability === 'not-sold-online' ? (
            <p className="catalog-note" role="note">
              {say(V.quickOrderNotSoldOnline, { code: product.code })}{' '}
              <Trans>Please contact customer service to order it.</Trans>
            </p>
          ) : null}
          {product.availability === 'not-orderable-online' ? (
            <p className="catalog-note" role="note">
              {say(V.quickOrderNotOrderableOnline, { code: product.code })}{' '}
              <Trans>Please contact customer service to order it.</Trans>
            </p>
          ) : null}
          {canAddToCart(product.availability) ? <AddToCart product={product} /> : null}
        </aside>
      </div>
    </article>
  );
}

/** The quantity and the add-to-cart button: the line shows in the cart at once, online or not. */
function AddToCart({ product }: { product: ProductView }) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = useId();
  const storefront = useStorefront();
  const store = useCartStore();
  const [outcome, setOutcome] = useState<
    { kind: 'added'; quantity: number } | { kind: 'error'; message: Message } | null
  >(null);
  const min = product.minOrderQuantity ?? 1;
  const added = outcome?.kind === 'added' ? outcome.quantity : null;
  const [preOrderNotice, setPreOrderNotice] = useState(false);

  return (
    <form
      className="product__add"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!store) return;
        const raw = new FormData(event.currentTarget).get('quantity');
        const text = typeof raw === 'string' ? raw.trim() : '';
        if (text === '') {
          setOutcome({ kind: 'error', message: V.quantityEmpty });
          return;
        }
        const quantity = Number(text);
        try {
          store.addItem(cartProductOf(detailOf(product)), quantity);
          setOutcome({ kind: 'added', quantity });
          if (product.availability === 'pre-order') setPreOrderNotice(true);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          setOutcome({ kind: 'error', message: error.detail });
        }
      }}
    >
      <label htmlFor={id}>
        <Trans>Quantity</Trans>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        name="quantity"
        defaultValue={min}
        min={min}
        max={product.maxOrderQuantity ?? undefined}
        step={1}
        aria-invalid={outcome?.kind === 'error'}
        aria-describedby={outcome?.kind === 'error' ? errorId : undefined}
      />
      <button type="submit" className="button-link" disabled={!store}>
        <Trans>Add to cart</Trans>
      </button>
      {outcome?.kind === 'error' ? (
        <p id={errorId} className="field__error" role="alert">
          {i18n._(outcome.message)}
        </p>
      ) : null}
      {added !== null ? (
        <p className="product__added" role="status">
          <Trans>
            Added to your cart ({added}). <Link to={`/${storefront.locale}/cart`}>View cart</Link>
          </Trans>
        </p>
      ) : null}
      {preOrderNotice ? (
        <PreOrderDialog
          onClose={() => {
            setPreOrderNotice(false);
          }}
        />
      ) : null}
    </form>
  );
}

/** SPEC 2.5 pre-ordered item modal: said once the product is in the cart. */
function PreOrderDialog({ onClose }: { onClose: () => void }) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>
        <Trans>Pre-ordered item</Trans>
      </h2>
      <p>{i18n._(PRE_ORDER_MESSAGE)}</p>
      <div className="modal__actions">
        <Link to={`/${storefront.locale}/cart`} className="button-link">
          <Trans>View cart</Trans>
        </Link>
        <button type="button" className="button-secondary" onClick={onClose}>
          <Trans>Continue shopping</Trans>
        </button>
      </div>
    </dialog>
  );
}

/** What the cart needs of a product shown from the device's index (details not loaded). */
function detailOf(product: ProductView): ProductDetail {
  return {
    ...product,
    description: product.description ?? '',
    notDiscountable: product.notDiscountable ?? false,
    minOrderQuantity: product.minOrderQuantity ?? null,
    maxOrderQuantity: product.maxOrderQuantity ?? null,
    availableOn: product.availableOn ?? null,
    aimsweb: product.aimsweb ?? false,
  };
}

/**
 * For search engines (decision 038): the page's canonical address, the same product in every
 * storefront, and schema.org Product data with this storefront's price and availability.
 */
function ProductLinks({ product }: { product: ProductView }) {
  const storefront = useStorefront();
  const origin = pageOrigin();
  const url = `${origin}${productPath(storefront.locale, product.code)}`;
  return (
    <>
      <link rel="canonical" href={url} />
      {storefrontAlternates(origin, `/p/${encodeURIComponent(product.code)}`).map((alternate) => (
        <link
          key={alternate.hreflang}
          rel="alternate"
          hrefLang={alternate.hreflang}
          href={alternate.href}
        />
      ))}
      <script
        type="application/ld+json"
        // JSON with every "<" escaped: it cannot end the element or start another.
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(productStructuredData(product, url)) }}
      />
    </>
  );
}
