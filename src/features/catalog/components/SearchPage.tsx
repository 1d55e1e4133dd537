/**
 * /{locale}/search.html (SPEC 2.1): product search and the category pages of the main menu
 * (?category=...). Words, filters (category, format, qualification level), sorting and the
 * page live in the address, so a result can be shared, bookmarked and reopened offline.
 * Prices are the storefront's, in its currency. The data layer is told of each page of results
 * shown and of the product chosen from it (list-analytics.ts, loaded after the first paint).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import {
  canAddToCart,
  CATEGORIES,
  FORMAT_LABELS,
  FORMATS,
  LEVELS,
  SEARCH_PAGE_SIZE,
  SORTS,
  type SearchQuery,
  type SearchResult,
} from '../../../../domain/catalog/catalog';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Message } from '../../../../domain/shared/message';
import { cartProductOf } from '../../../infra/cart/cart-product';
import { afterFirstPaint } from '../../../infra/first-paint';
import { loadIndex } from '../../../infra/catalog-index';
import { CATEGORY_LABELS } from '../../../shell/content/categories';
import { useCartStore } from '../../../shell/use-cart-store';
import { useStorefront } from '../../../shell/use-storefront';
import { isNetworkFailure, searchApiPath, searchCatalog, warmIndex } from '../api';
import { keepOfflineCopy } from '../../../infra/offline-copy';
import { WORKER_CACHES } from '../../../../domain/shared/worker-caches';
import { queryFromParams, searchKey, type QUERY_KEYS, type SearchData } from '../catalog-loaders';
import { useLoad } from '../../../infra/use-load';
import {
  AvailabilityBadge,
  FormatLabel,
  LevelLabel,
  Price,
  ProductImage,
  Upc,
  useShowsProductImages,
} from './ProductFacts';
import '../catalog.css';

/** Results whose pictures load at once: the ones on screen first; the rest load lazily. */
const EAGER_IMAGES = 2;

const listAnalytics = () => afterFirstPaint().then(() => import('../list-analytics'));

export function SearchPage() {
  const { t, i18n } = useLingui();
  const showsImages = useShowsProductImages();
  const storefront = useStorefront();
  const [params, setParams] = useSearchParams();
  const query = useMemo(
    () => queryFromParams(storefront.locale, params),
    [storefront.locale, params],
  );
  const key = searchKey(query);
  const preloaded = useLoaderData<SearchData>();
  const [state, retry] = useLoad(key, () => searchCatalog(query), preloaded);
  // A first visit's results, kept for offline as if this browser had fetched them.
  useEffect(() => {
    if ('value' in preloaded && preloaded.renderedOnServer && !preloaded.value.fromDeviceIndex) {
      const search = queryFromParams(storefront.locale, new URLSearchParams(preloaded.key));
      keepOfflineCopy(WORKER_CACHES.catalogSearches, searchApiPath(search), preloaded.value.data);
    }
  }, [preloaded, storefront.locale]);

  useEffect(() => {
    warmIndex(storefront.locale);
  }, [storefront.locale]);

  const categoryLabel = (slug: string) => {
    const descriptor = CATEGORY_LABELS.get(slug);
    return descriptor ? i18n._(descriptor) : slug;
  };
  const heading = query.q
    ? t`Results for “${query.q}”`
    : query.category
      ? categoryLabel(query.category)
      : t`All products`;

  /** Changes parts of the query; any change but the page goes back to page 1. */
  const update: Update = (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
      if (key !== 'page') next.delete('page');
    }
    if (next.get('sort') === 'relevance') next.delete('sort');
    setParams(next);
  };

  const loaded =
    state.status === 'done' ? state.value : state.status === 'loading' ? state.previous : undefined;
  const result = loaded?.data;
  // The data layer: each answer shown, once.
  const shown = state.status === 'done' ? state.value.data : undefined;
  useEffect(() => {
    if (!shown) return;
    void listAnalytics().then(({ pushItemList }) => {
      pushItemList(query, shown);
    });
  }, [query, shown]);

  return (
    <div className="page catalog-search">
      <title>{t`${heading} | Assessments Store`}</title>
      <h1>{heading}</h1>
      <div className="catalog-search__layout">
        <Filters query={query} result={result} update={update} categoryLabel={categoryLabel} />
        <section
          className="catalog-search__results"
          aria-labelledby="results-count"
          aria-busy={state.status === 'loading'}
        >
          <div className="catalog-search__bar">
            <p id="results-count" role="status">
              {result ? (
                <Plural value={result.total} one="# product" other="# products" />
              ) : state.status === 'loading' ? (
                <Trans>Loading products…</Trans>
              ) : null}
            </p>
            <SortSelect query={query} update={update} />
          </div>
          {loaded?.fromDeviceIndex ? (
            <p className="catalog-note" role="note">
              <Trans>
                You are offline. These results come from the catalog saved on this device, and
                prices may have changed.
              </Trans>
            </p>
          ) : null}
          {state.status === 'failed' ? (
            <div className="catalog-error" role="alert">
              <p>
                {isNetworkFailure(state.error) ? (
                  <Trans>
                    You are offline and this search is not saved on this device. Try again when you
                    are back online.
                  </Trans>
                ) : (
                  <Trans>The products could not be loaded. Please try again.</Trans>
                )}
              </p>
              <button type="button" className="button-secondary" onClick={retry}>
                <Trans>Try again</Trans>
              </button>
            </div>
          ) : null}
          {result && result.total === 0 ? (
            <div className="catalog-empty">
              <p>
                <Trans>No products match your search.</Trans>
              </p>
              <Link to={`/${storefront.locale}/search.html`}>
                <Trans>See all products</Trans>
              </Link>
            </div>
          ) : null}
          {result && result.items.length > 0 ? (
            <ol className="catalog-results">
              {result.items.map((product, index) => (
                <li
                  key={product.code}
                  className={
                    showsImages && product.image
                      ? 'catalog-card catalog-card--with-image'
                      : 'catalog-card'
                  }
                >
                  <ProductImage
                    product={product}
                    alt=""
                    eager={index < EAGER_IMAGES}
                    className="catalog-card__image"
                  />
                  <h2 className="catalog-card__name">
                    <Link
                      to={`/${storefront.locale}/p/${product.code}`}
                      onClick={() => {
                        void listAnalytics().then(({ pushSelectItem }) => {
                          pushSelectItem(query, result, product);
                        });
                      }}
                    >
                      {product.name}
                    </Link>
                  </h2>
                  <p className="catalog-card__meta">
                    <span>
                      <Trans>Item {product.code}</Trans>
                    </span>
                    <span>
                      <FormatLabel product={product} />
                    </span>
                    <span>
                      <LevelLabel level={product.qualificationLevel} />
                    </span>
                    <Upc product={product} />
                  </p>
                  <div className="catalog-card__buy">
                    <Price product={product} />
                    <AvailabilityBadge availability={product.availability} />
                    {canAddToCart(product.availability) && product.priceMinor !== null ? (
                      <QuickAdd code={product.code} name={product.name} />
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
          {result ? <Pages query={query} result={result} update={update} /> : null}
        </section>
      </div>
    </div>
  );
}

type Update = (changes: Partial<Record<(typeof QUERY_KEYS)[number], string | undefined>>) => void;

function Filters({
  query,
  result,
  update,
  categoryLabel,
}: {
  query: SearchQuery;
  result: SearchResult | undefined;
  update: Update;
  categoryLabel: (slug: string) => string;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const count = (n: number | undefined) => (result ? ` (${String(n ?? 0)})` : '');
  return (
    <form
      className="catalog-filters"
      aria-label={t`Filter products`}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <h2 className="visually-hidden">
        <Trans>Filter products</Trans>
      </h2>
      <label htmlFor={`${id}-category`}>
        <Trans>Category</Trans>
      </label>
      <select
        id={`${id}-category`}
        value={query.category ?? ''}
        onChange={(event) => {
          update({ category: event.target.value });
        }}
      >
        <option value="">{t`All categories`}</option>
        {CATEGORIES.map((slug) => (
          <option key={slug} value={slug}>
            {categoryLabel(slug)}
            {count(result?.facets.category[slug])}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-format`}>
        <Trans>Format</Trans>
      </label>
      <select
        id={`${id}-format`}
        value={query.format ?? ''}
        onChange={(event) => {
          update({ format: event.target.value });
        }}
      >
        <option value="">{t`All formats`}</option>
        {FORMATS.map((format) => (
          <option key={format} value={format}>
            {i18n._(FORMAT_LABELS[format])}
            {count(result?.facets.format[format])}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-level`}>
        <Trans>Qualification level</Trans>
      </label>
      <select
        id={`${id}-level`}
        value={query.level ?? ''}
        onChange={(event) => {
          update({ level: event.target.value });
        }}
      >
        <option value="">{t`All levels`}</option>
        {LEVELS.map((level) => (
          <option key={level} value={level}>
            {t`Level ${level}`}
            {count(result?.facets.level[level])}
          </option>
        ))}
      </select>
      {query.category || query.format || query.level ? (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            update({ category: undefined, format: undefined, level: undefined });
          }}
        >
          <Trans>Clear filters</Trans>
        </button>
      ) : null}
    </form>
  );
}

function SortSelect({ query, update }: { query: SearchQuery; update: Update }) {
  const { t } = useLingui();
  const id = useId();
  const labels: Record<(typeof SORTS)[number], string> = {
    relevance: t`Best match`,
    name: t`Name`,
    'price-asc': t`Price: low to high`,
    'price-desc': t`Price: high to low`,
  };
  return (
    <p className="catalog-sort">
      <label htmlFor={id}>
        <Trans>Sort by</Trans>
      </label>
      <select
        id={id}
        value={query.sort}
        onChange={(event) => {
          update({ sort: event.target.value });
        }}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </p>
  );
}

function Pages({
  query,
  result,
  update,
}: {
  query: SearchQuery;
  result: SearchResult;
  update: Update;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE));
  if (pages <= 1) return null;
  const go = (page: number) => {
    update({ page: page === 1 ? undefined : String(page) });
    window.scrollTo({ top: 0 });
  };
  const page = query.page;
  return (
    <nav className="catalog-pages" aria-label={t`Pages`}>
      <button
        type="button"
        className="button-secondary"
        disabled={page <= 1}
        onClick={() => {
          go(page - 1);
        }}
      >
        <Trans>Previous page</Trans>
      </button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page >= pages}
        onClick={() => {
          go(page + 1);
        }}
      >
        <Trans>Next page</Trans>
      </button>
    </nav>
  );
}

/**
 * Add to cart from a search result: the smallest quantity the product may be ordered in,
 * with the full product facts from the store's index (kept on the device, so this works
 * offline too).
 */
function QuickAdd({ code, name }: { code: string; name: string }) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const store = useCartStore();
  const [outcome, setOutcome] = useState<{ added: number } | { error: Message } | null>(null);
  return (
    <span className="catalog-card__add">
      <button
        type="button"
        className="button-secondary"
        disabled={!store}
        onClick={() => {
          if (!store) return;
          void loadIndex(storefront.locale).then(
            (index) => {
              const item = index.items.find((i) => i.code === code);
              if (!item) return;
              const quantity = item.minOrderQuantity ?? 1;
              try {
                store.addItem(cartProductOf(item), quantity, 'search');
                setOutcome({ added: quantity });
              } catch (error) {
                if (!(error instanceof DomainError)) throw error;
                setOutcome({ error: error.detail });
              }
            },
            (error: unknown) => {
              console.warn('The catalog index could not be loaded.', error);
            },
          );
        }}
      >
        {/* The product's name follows the visible label, for screen readers (label in name). */}
        <Trans>Add to cart</Trans>
        <span className="visually-hidden"> {name}</span>
      </button>
      {outcome && 'added' in outcome ? (
        <span role="status">
          <Trans>Added ({outcome.added})</Trans>
        </span>
      ) : null}
      {outcome && 'error' in outcome ? (
        <span className="field__error" role="alert">
          {i18n._(outcome.error)}
        </span>
      ) : null}
    </span>
  );
}
