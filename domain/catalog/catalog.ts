/**
 * The catalog's vocabulary (SPEC 2.3, 3, 4.8, 6): product categories of the main menu,
 * formats, qualification levels and what each lets a buyer purchase, availability, and the
 * shapes the catalog API answers with.
 */
import type { MessageDescriptor } from '../shared/message';
import type { Locale } from '../storefront/storefronts';

/** SPEC 2.3 main menu: product categories, digital solutions and other types. */
export const CATEGORIES = [
  'academic-learning',
  'behavior',
  'career-planning',
  'cognition-neuro',
  'developmental',
  'motor-sensory',
  'personality',
  'mtss-rti',
  'spanish',
  'speech-language',
  'telepractice',
  'scoring-reporting',
  'digital-libraries',
  'large-scale',
  'graduate-admissions',
] as const;

export type Category = (typeof CATEGORIES)[number];

export const FORMATS = [
  'physical-kit',
  'digital-scoring',
  'digital-library',
  'online-training',
] as const;
export type ProductFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS = {
  'physical-kit': /*i18n*/ { id: 'catalog.format.physical-kit', message: 'Physical kit' },
  'digital-scoring': /*i18n*/ {
    id: 'catalog.format.digital-scoring',
    message: 'Digital scoring and reporting',
  },
  'digital-library': /*i18n*/ {
    id: 'catalog.format.digital-library',
    message: 'Digital library subscription',
  },
  'online-training': /*i18n*/ { id: 'catalog.format.online-training', message: 'Online training' },
} as const satisfies Record<ProductFormat, MessageDescriptor>;

export const LEVELS = ['A', 'B', 'C'] as const;
export type Level = (typeof LEVELS)[number];

/** What each qualification level means (SPEC 6), for product pages. */
export const LEVEL_EXPLANATIONS = {
  A: /*i18n*/ {
    id: 'catalog.level.a',
    message: 'Level A: no special qualification is needed to buy this product.',
  },
  B: /*i18n*/ {
    id: 'catalog.level.b',
    message:
      'Level B: for buyers with a relevant master’s degree, or certification or membership of a professional body that requires training in assessment.',
  },
  C: /*i18n*/ {
    id: 'catalog.level.c',
    message:
      'Level C: for buyers with a relevant doctorate, or a licence to practise that requires advanced training in assessment.',
  },
} as const satisfies Record<Level, MessageDescriptor>;

export type Availability =
  'in-stock' | 'out-of-stock' | 'pre-order' | 'not-sold-online' | 'not-orderable-online';

export const AVAILABILITY_LABELS = {
  'in-stock': /*i18n*/ { id: 'catalog.availability.in-stock', message: 'In stock' },
  'out-of-stock': /*i18n*/ { id: 'catalog.availability.out-of-stock', message: 'Out of stock' },
  'pre-order': /*i18n*/ {
    id: 'catalog.availability.pre-order',
    message: 'Available for pre-order',
  },
  'not-sold-online': /*i18n*/ {
    id: 'catalog.availability.not-sold-online',
    message: 'Not sold online',
  },
  'not-orderable-online': /*i18n*/ {
    id: 'catalog.availability.not-orderable-online',
    message: 'Order by phone or email',
  },
} as const satisfies Record<Availability, MessageDescriptor>;

export interface AvailabilityFacts {
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly format: ProductFormat;
  /** Units on hand for physical kits; null for products without stock. */
  readonly stock: number | null;
}

/** One availability per product, the most limiting first. */
export function availabilityOf(p: AvailabilityFacts): Availability {
  if (!p.soldOnline) return 'not-sold-online';
  if (!p.orderableOnline) return 'not-orderable-online';
  if (p.preOrder) return 'pre-order';
  if (p.format === 'physical-kit' && p.stock !== null && p.stock <= 0) return 'out-of-stock';
  return 'in-stock';
}

/** Whether the product can go into a cart at all. */
export function canAddToCart(availability: Availability): boolean {
  return availability === 'in-stock' || availability === 'pre-order';
}

export const SORTS = ['relevance', 'name', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SORTS)[number];

export const SEARCH_PAGE_SIZE = 20;

/** What a catalog search asks (the search page's address, and the API's query). */
export interface SearchQuery {
  readonly locale: Locale;
  /** Trimmed, at most SEARCH_TEXT_MAX characters. */
  readonly q?: string | undefined;
  readonly category?: Category | undefined;
  readonly format?: ProductFormat | undefined;
  readonly level?: Level | undefined;
  readonly sort: SearchSort;
  /** 1 to SEARCH_MAX_PAGE. */
  readonly page: number;
}

export const SEARCH_TEXT_MAX = 200;
export const SEARCH_MAX_PAGE = 500;

export interface ProductSummary {
  readonly code: string;
  readonly name: string;
  readonly program: string;
  readonly category: Category;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly availability: Availability;
  /** Price in the store's currency, in minor units; null where the store has no price. */
  readonly priceMinor: number | null;
  readonly currency: string;
  /**
   * UPC-A code, shown with the `upc` flag (decision 058); missing where none is known (and in
   * copies kept on a device before there were any).
   */
  readonly upc?: string | null;
  /** The product's picture in the store's public files, shown with `image-capability`. */
  readonly image?: string | null;
}

export interface ProductDetail extends ProductSummary {
  readonly description: string;
  readonly notDiscountable: boolean;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
  /** ISO date a pre-order ships from. */
  readonly availableOn: string | null;
  readonly aimsweb: boolean;
}

/** How many matches each filter value would give, the other filters applied. */
export interface SearchFacets {
  readonly category: Partial<Record<Category, number>>;
  readonly format: Partial<Record<ProductFormat, number>>;
  readonly level: Partial<Record<Level, number>>;
}

export interface SearchResult {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly items: readonly ProductSummary[];
  readonly facets: SearchFacets;
}

/** Product codes: letters, digits and hyphens, upper case. */
export const PRODUCT_CODE = /^[A-Z0-9][A-Z0-9-]{1,39}$/;

/** A product as the offline index holds it: enough to search, and to decide a cart command. */
export interface CatalogIndexItem extends ProductSummary {
  readonly notDiscountable: boolean;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly aimsweb: boolean;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
}

/** A store's whole catalog, kept by the browser for searching and carts offline. */
export interface CatalogIndex {
  readonly locale: string;
  readonly currency: string;
  readonly items: readonly CatalogIndexItem[];
}

export const CATALOG_NOTICES = {
  /** SPEC 4.8: the pre-ordered item modal, on product pages and at checkout. */
  preOrder: /*i18n*/ {
    id: 'checkout.pre-ordered-item',
    message: 'This product is available for pre-order. We will email you when it is available.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export const PRE_ORDER_MESSAGE = CATALOG_NOTICES.preOrder;
