/**
 * A first visit is server-rendered (issue 17, decision 038): a product page read with
 * JavaScript off shows its name, the storefront's price and availability, and tells search
 * engines its canonical address, the same product in every storefront and schema.org data;
 * search and home read the same way. With JavaScript on, the browser hydrates the page with
 * no error and no layout shift and the page works at once; buyer's pages arrive as a skeleton
 * and fill in; once the worker is installed the page still opens offline, the first visit's
 * product included (the page keeps it in the worker's cache). Status codes, caching, escaping, and concurrent renders.
 */
import type { Browser, Page } from '@playwright/test';
import { AVAILABILITY_LABELS, type Availability } from '../../domain/catalog/catalog';
import { formatMoney, minorDigits, money } from '../../domain/pricing/money';
import { expect, test } from './fixtures';
import { workerControls } from './support/worker';

const CODE = 'ADI-KIT';
const NAME = 'Adolescent Distress Inventory, Complete Kit';
const HERO = 'Assessments for clinicians, schools and organisations';

/** The storefronts' hreflang tags, written out here so the page's own list is checked. */
const HREFLANGS: Record<string, string> = {
  'en-us': 'en-US',
  'en-ca': 'en-CA',
  'fr-ca': 'fr-CA',
  'en-gb': 'en-GB',
  'en-au': 'en-AU',
  'en-nz': 'en-NZ',
  'ja-jp': 'ja-JP',
  'nl-nl': 'nl-NL',
  'es-es': 'es-ES',
  'zh-sg': 'zh-SG',
};

/** French availability labels (locales/fr/messages.po). */
const FRENCH_AVAILABILITY: Partial<Record<Availability, string>> = {
  'in-stock': 'En stock',
  'out-of-stock': 'En rupture de stock',
};

interface ApiProduct {
  readonly code: string;
  readonly name: string;
  readonly availability: Availability;
  readonly priceMinor: number | null;
  readonly currency: string;
}

interface JsonLdProduct {
  readonly '@type': string;
  readonly name: string;
  readonly sku: string;
  readonly url: string;
  readonly offers?: { price: string; priceCurrency: string; availability: string; url: string };
}

const SCHEMA_AVAILABILITY: Partial<Record<Availability, string>> = {
  'in-stock': 'https://schema.org/InStock',
  'out-of-stock': 'https://schema.org/OutOfStock',
  'pre-order': 'https://schema.org/PreOrder',
};

async function apiProduct(page: Page, locale: string, code = CODE): Promise<ApiProduct> {
  const answer = await page.request.get(`/api/catalog/products/${code}?locale=${locale}`);
  expect(answer.status(), `the API's ${code} in ${locale}`).toBe(200);
  return (await answer.json()) as ApiProduct;
}

function priceText(product: ApiProduct, tag: string): string {
  if (product.priceMinor === null) throw new Error(`${product.code} has no price`);
  return formatMoney(money(product.priceMinor, product.currency), tag);
}

/** A price as schema.org writes it: a decimal string in major units, no grouping. */
function decimalPrice(product: ApiProduct): string {
  const digits = minorDigits(product.currency);
  return ((product.priceMinor ?? 0) / 10 ** digits).toFixed(digits);
}

/** A browser with JavaScript off, as a search engine's first pass or a locked-down clinic PC. */
async function withoutJavaScript<T>(
  browser: Browser,
  baseURL: string,
  use: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'x-country-code': 'US' },
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The <main> element of a page's HTML as the server sent it. */
function mainOf(html: string): string {
  return /<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
}

test.describe('with JavaScript off', () => {
  test('a product page shows its name, the store’s price and availability, and tells search engines about itself', async ({
    browser,
    page: apiPage,
    baseURL,
  }) => {
    const usProduct = await apiProduct(apiPage, 'en-us');
    const gbProduct = await apiProduct(apiPage, 'en-gb');
    const caProduct = await apiProduct(apiPage, 'fr-ca');
    expect(usProduct.name).toBe(NAME);
    const origin = baseURL ?? '';

    await withoutJavaScript(browser, origin, async (page) => {
      const response = await page.goto(`/en-us/p/${CODE}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page).toHaveTitle(`${NAME} | Assessments Store`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
      const buy = page.getByRole('complementary', { name: 'Buy' });
      await expect(buy.locator('.price')).toHaveText(priceText(usProduct, 'en-US'));
      await expect(buy.locator('.price')).toHaveAttribute('data-currency', 'USD');
      await expect(buy.locator('.availability')).toHaveText(
        AVAILABILITY_LABELS[usProduct.availability].message ?? '',
      );
      await expect(page.getByText('Loading product…')).toHaveCount(0);
      // The frame around it is there too.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();

      // Search engines: the canonical address, every storefront and x-default, schema.org.
      const url = `${origin}/en-us/p/${CODE}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`),
        );
      expect(alternates).toHaveLength(11);
      expect(alternates.toSorted()).toEqual(
        [
          ...Object.entries(HREFLANGS).map(
            ([locale, tag]) => `${tag} ${origin}/${locale}/p/${CODE}`,
          ),
          `x-default ${origin}/en-us/p/${CODE}`,
        ].toSorted(),
      );
      const jsonLd = page.locator('script[type="application/ld+json"]');
      await expect(jsonLd).toHaveCount(1);
      const data = JSON.parse((await jsonLd.textContent()) ?? '') as JsonLdProduct;
      expect(data['@type']).toBe('Product');
      expect(data.name).toBe(NAME);
      expect(data.sku).toBe(CODE);
      expect(data.url).toBe(url);
      expect(data.offers?.price).toBe(decimalPrice(usProduct));
      expect(data.offers?.priceCurrency).toBe(usProduct.currency);
      expect(data.offers?.availability).toBe(SCHEMA_AVAILABILITY[usProduct.availability]);

      // Each storefront its own price: pounds in the UK store.
      await page.goto(`/en-gb/p/${CODE}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
      await expect(buy.locator('.price')).toHaveText(priceText(gbProduct, 'en-GB'));
      expect(priceText(gbProduct, 'en-GB')).toMatch(/^£/);
      await expect(buy.locator('.price')).toHaveAttribute('data-currency', 'GBP');
      await expect(buy.locator('.availability')).toHaveText(
        AVAILABILITY_LABELS[gbProduct.availability].message ?? '',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${origin}/en-gb/p/${CODE}`,
      );
      const gbData = JSON.parse((await jsonLd.textContent()) ?? '') as JsonLdProduct;
      expect(gbData.offers?.price).toBe(decimalPrice(gbProduct));
      expect(gbData.offers?.priceCurrency).toBe('GBP');

      // And Canadian dollars in French, with the page in French.
      await page.goto(`/fr-ca/p/${CODE}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
      const achat = page.getByRole('complementary', { name: 'Acheter' });
      await expect(achat.locator('.price')).toHaveText(priceText(caProduct, 'fr-CA'));
      await expect(achat.locator('.price')).toHaveAttribute('data-currency', 'CAD');
      await expect(achat.locator('.availability')).toHaveText(
        FRENCH_AVAILABILITY[caProduct.availability] ?? '',
      );
      const caData = JSON.parse((await jsonLd.textContent()) ?? '') as JsonLdProduct;
      expect(caData.offers?.price).toBe(decimalPrice(caProduct));
      expect(caData.offers?.priceCurrency).toBe('CAD');

      // A store path reaches the same page; its canonical address is the locale's.
      await page.goto(`/store/usassessments/en/p/${CODE}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
      await expect(buy.locator('.price')).toHaveText(priceText(usProduct, 'en-US'));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    });
  });

  test('every storefront’s product page carries its own schema.org price and currency', async ({
    page,
  }) => {
    for (const locale of Object.keys(HREFLANGS)) {
      const product = await apiProduct(page, locale);
      const html = await (await page.request.get(`/${locale}/p/${CODE}`)).text();
      const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      expect(json, `schema.org data in ${locale}`).toBeDefined();
      const data = JSON.parse(json ?? '') as JsonLdProduct;
      expect(data.offers?.priceCurrency, locale).toBe(product.currency);
      expect(data.offers?.price, locale).toBe(decimalPrice(product));
      expect(data.url, locale).toMatch(new RegExp(`/${locale}/p/${CODE}$`));
    }
  });

  test('search lists the matching products, and the header search form works without JavaScript', async ({
    browser,
    page: apiPage,
    baseURL,
  }) => {
    const answer = await apiPage.request.get('/api/catalog/search?q=distress&locale=en-us');
    const found = (await answer.json()) as { total: number; items: ApiProduct[] };
    expect(found.total).toBeGreaterThan(1);

    await withoutJavaScript(browser, baseURL ?? '', async (page) => {
      const response = await page.goto('/en-us/search.html?q=distress');
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Results for “distress”' }),
      ).toBeVisible();
      await expect(page.getByRole('status').first()).toHaveText(`${found.total} products`);
      const names = page.locator('.catalog-card__name');
      await expect(names).toHaveText(found.items.map((item) => item.name));
      const kit = page.locator('.catalog-card').filter({ hasText: CODE });
      const kitFound = found.items.find((item) => item.code === CODE);
      if (!kitFound) throw new Error(`${CODE} is not among the search results`);
      await expect(kit.locator('.price')).toHaveText(priceText(kitFound, 'en-US'));
      await expect(kit.getByRole('link', { name: NAME })).toHaveAttribute(
        'href',
        `/en-us/p/${CODE}`,
      );

      // The header's search is a plain form: it submits without JavaScript.
      await page.goto('/en-us/');
      const search = page.getByRole('search');
      await search.getByRole('searchbox', { name: 'Search products' }).fill('Westbrook');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/en-us\/search\.html\?q=Westbrook$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Results for “Westbrook”' }),
      ).toBeVisible();
      await expect(
        page.getByRole('link', {
          name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
        }),
      ).toBeVisible();

      // A category page too.
      await page.goto('/en-us/search.html?category=personality');
      await expect(page.getByRole('heading', { level: 1, name: 'Personality' })).toBeVisible();
      await expect(page.locator('.catalog-card').first()).toBeVisible();
    });
  });

  test('the home page shows the header, its navigation and the footer links', async ({
    browser,
    baseURL,
  }) => {
    await withoutJavaScript(browser, baseURL ?? '', async (page) => {
      const response = await page.goto('/en-us/');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Assessments Store' })).toHaveAttribute(
        'href',
        '/en-us/',
      );
      await expect(header.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
      await expect(header.getByTestId('cart-link')).toHaveText('Cart (0 items)');
      const storeLinks = header.getByRole('navigation', { name: 'Store links' });
      await expect(storeLinks.getByRole('link', { name: 'Quick order' })).toBeVisible();
      await expect(storeLinks.getByRole('link', { name: 'Order status' })).toBeVisible();
      // The main menu's entries and the categories behind them are in the page.
      const menu = page.locator('nav.main-menu');
      await expect(menu.locator('.main-menu__button')).toHaveText([
        'Assessments & Solutions',
        'Learning & Training',
        'Ordering & Support',
      ]);
      await expect(menu.locator('a[href="/en-us/search.html?category=personality"]')).toHaveText(
        'Personality',
      );
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('Copyright 1996-2025');
      for (const name of ['Terms of sale', 'Returns', 'Contact us', 'Our story']) {
        await expect(footer.getByRole('link', { name, exact: true }).first()).toBeVisible();
      }
      await expect(footer.getByRole('link', { name: 'Terms of sale' })).toHaveAttribute(
        'href',
        '/content/en-us/terms-of-sale.html',
      );
    });
  });
});

/**
 * Records, as the parser builds them, the server-rendered elements hydration must keep: a
 * hydration that fails throws the server's DOM away and renders anew, so these nodes would
 * be gone from the document.
 */
function watchServerDom() {
  const holder = window as unknown as { __serverDom?: Record<string, Element> };
  const seen: Record<string, Element> = {};
  holder.__serverDom = seen;
  const observer = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (!root) return;
    for (const [key, selector] of [
      ['header', 'header'],
      ['main', 'main'],
      ['footer', 'footer'],
      ['h1', 'main h1'],
    ] as const) {
      const element = seen[key] ?? root.querySelector(selector);
      if (element) seen[key] = element;
    }
    if (document.getElementById('router-data')) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** React's hydration errors; production builds report them minified (#418 and its kin). */
const HYDRATION_MESSAGE =
  /Hydration failed|hydrated but some attributes|did not match|Minified React error #(418|419|422|423|425)|hydrat/i;

/**
 * `keepsHeading`: the server rendered the page's h1 (the cart's is the browser's, after its
 * skeleton). `loadedOnServer`: the catalog call whose answer came with the page.
 */
const HYDRATED_PAGES = [
  { path: '/en-us/', heading: HERO, keepsHeading: true },
  {
    path: '/en-us/search.html?q=distress',
    heading: 'Results for “distress”',
    keepsHeading: true,
    loadedOnServer: '/api/catalog/search',
  },
  {
    path: `/en-us/p/${CODE}`,
    heading: NAME,
    keepsHeading: true,
    loadedOnServer: `/api/catalog/products/${CODE}`,
  },
  // The cart is a skeleton on the server, with the page's heading; the page then replaces it.
  { path: '/en-us/cart', heading: 'Your Shopping Cart', keepsHeading: false },
  { path: '/en-us/quick-order', heading: 'Quick Order', keepsHeading: true },
  {
    path: `/en-gb/p/${CODE}`,
    heading: NAME,
    keepsHeading: true,
    loadedOnServer: `/api/catalog/products/${CODE}`,
  },
] as const;

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
]) {
  test(`on a ${viewport.name}, each page hydrates the server’s HTML without an error and works at once`, async ({
    browser,
    baseURL,
    pageErrors,
  }) => {
    test.setTimeout(150_000);
    for (const visit of HYDRATED_PAGES) {
      const { path, heading, keepsHeading } = visit;
      const loadedOnServer = 'loadedOnServer' in visit ? visit.loadedOnServer : undefined;
      // A first visit each time: a browser without the worker, whose later pages are its shell.
      const context = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
        extraHTTPHeaders: { 'x-country-code': 'US' },
      });
      try {
        const page = await context.newPage();
        page.on('pageerror', (error) => pageErrors.push(`${path}: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') pageErrors.push(`${path}: ${message.text()}`);
        });
        await page.addInitScript(watchServerDom);
        const catalogCalls: string[] = [];
        page.on('request', (request) => {
          const { pathname } = new URL(request.url());
          if (loadedOnServer && pathname === loadedOnServer) catalogCalls.push(pathname);
        });

        await page.goto(path);
        await page.locator('html[data-ready]').waitFor({ state: 'attached' });
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('#router-data'), `${path} came from the server`).toHaveCount(1);
        // The data loaded on the server is not loaded again.
        expect(catalogCalls, `${path}: catalog calls made again in the browser`).toEqual([]);
        // A buyer's page replaces its skeleton (and the skeleton's heading) once its code is in.
        if (!keepsHeading) await expect(page.locator('main .page-skeleton')).toHaveCount(0);
        const kept = await page.evaluate(() => {
          const seen = (window as unknown as { __serverDom?: Record<string, Element> }).__serverDom;
          return Object.fromEntries(
            ['header', 'main', 'footer', 'h1'].map((key) => [key, seen?.[key]?.isConnected]),
          );
        });
        expect(kept, `${path}: the server's elements survive hydration`).toEqual(
          keepsHeading
            ? { header: true, main: true, footer: true, h1: true }
            : { header: true, main: true, footer: true, h1: false },
        );
        expect(
          pageErrors.filter((message) => HYDRATION_MESSAGE.test(message)),
          `${path}: hydration messages`,
        ).toEqual([]);

        // Interactive: the header's search runs in the page, no full reload.
        await page.evaluate(() => {
          (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
        });
        const searchbox = page
          .getByRole('search')
          .getByRole('searchbox', { name: 'Search products' });
        await searchbox.fill('harlow');
        await searchbox.press('Enter');
        await expect(page).toHaveURL(/\/(en-us|en-gb)\/search\.html\?q=harlow$/);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Results for “harlow”' }),
        ).toBeVisible();
        await expect(page.locator('.catalog-card').first()).toBeVisible();
        // A header link, still in the same document.
        await page.getByRole('banner').getByTestId('cart-link').click();
        await expect(page).toHaveURL(/\/(en-us|en-gb)\/cart$/);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' }),
        ).toBeVisible();
        expect(
          await page.evaluate(
            () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
          ),
          `${path}: the search and the cart link navigate without reloading`,
        ).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
}

/** Sums the layout shifts of the page's life, as CLS counts them (no recent input). */
function watchLayoutShifts() {
  const holder = window as unknown as { __cls: number };
  holder.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) holder.__cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

test.describe('layout shift on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, heading } of HYDRATED_PAGES.filter((p) => p.path.startsWith('/en-us/'))) {
    test(`${path} does not move as it hydrates and settles (CLS ≤ 0.02)`, async ({ page }) => {
      await page.addInitScript(watchLayoutShifts);
      await page.goto(path);
      await page.locator('html[data-ready]').waitFor({ state: 'attached' });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Settled: what starts after the first paint (sign-in's check, the cart's count, flags,
      // the worker) has had its answers, and two frames have been drawn since.
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestAnimationFrame(() => {
              requestAnimationFrame(() => {
                resolve();
              });
            });
          }),
      );
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, `CLS of ${path}`).toBeLessThanOrEqual(0.02);
    });
  }
});

test('a visitor’s cart and checkout come as a skeleton; the cart fills in and checkout asks to sign in', async ({
  page,
}) => {
  for (const path of ['/en-us/cart', '/en-us/checkout', '/en-us/my-account/order-history']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const main = mainOf(html);
    expect(main, `${path}: <main> holds the skeleton`).toContain('page-skeleton');
    // The frame is rendered around it.
    expect(html, path).toContain('class="site-header"');
    expect(html, path).toContain('class="site-footer"');
    expect(html, path).toContain('id="router-data"');
    // No buyer's data on the server: the cart's and checkout's own headings at most.
    expect(main, path).not.toContain('Your cart is empty');
    expect(main, path).not.toContain('Loading your cart');
  }
  // The skeleton has the page's heading where the route names one (the first paint has it).
  expect(mainOf(await (await page.request.get('/en-us/cart')).text())).toContain(
    '<h1>Your Shopping Cart</h1>',
  );
  expect(mainOf(await (await page.request.get('/en-us/checkout')).text())).toContain(
    '<h1>Accounts for checkout</h1>',
  );
  expect(mainOf(await (await page.request.get('/en-us/checkout/payment')).text())).toContain(
    '<h1>Secure checkout</h1>',
  );

  await page.goto('/en-us/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Shopping Cart' })).toBeVisible();
  await expect(page.locator('main .page-skeleton')).toHaveCount(0);

  await page.goto('/en-us/checkout');
  await expect(page).toHaveURL(/\/en-us\/login\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('after a first visit and the store’s index, the worker opens the product and home pages offline', async ({
  page,
  context,
  pageErrors,
}) => {
  const product = await apiProduct(page, 'en-us');
  const index = page.waitForResponse((r) => r.url().includes('/api/catalog/index?locale=en-us'), {
    timeout: 30_000,
  });
  await page.goto(`/en-us/p/${CODE}`);
  await expect(page.locator('#router-data'), 'the first visit is server-rendered').toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
  await workerControls(page);
  // The store's index, fetched in idle time after the first paint, is what this device keeps.
  await index;

  await context.setOffline(true);
  await page.reload();
  await expectProductOffline(page, product);

  await page.goto('/en-us/');
  await expect(page.getByRole('heading', { level: 1, name: HERO })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('You are offline.');
  await context.setOffline(false);
  // Offline, the browser reports the requests that could not reach the server.
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

test('a product page reloaded offline as soon as the worker controls it still opens', async ({
  page,
  context,
  pageErrors,
}) => {
  const product = await apiProduct(page, 'en-us');
  await page.goto(`/en-us/p/${CODE}`);
  await expect(page.locator('#router-data'), 'the first visit is server-rendered').toHaveCount(1);
  await workerControls(page);
  // The page keeps the product it came with in the worker's cache, in idle time once it is
  // interactive (its parts hydrated): on a loaded host that can be several seconds later.
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.waitForFunction(
    async (code) => {
      const keys = await (await caches.open('catalog-products')).keys();
      return keys.some((request) => request.url.includes(`/api/catalog/products/${code}?`));
    },
    CODE,
    { timeout: 30_000 },
  );
  await context.setOffline(true);
  await page.reload();
  await expectProductOffline(page, product);
  // The full page, not the index's summary: the description is there.
  await expect(
    page.getByText('This summary comes from the catalog saved on this device'),
  ).toHaveCount(0);
  await context.setOffline(false);
  const ours = pageErrors.filter((e) => !e.startsWith('Failed to load resource'));
  pageErrors.splice(0, pageErrors.length, ...ours);
});

/** The product page as the worker's app shell renders it offline: name, price, availability. */
async function expectProductOffline(page: Page, product: ApiProduct) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAME);
  await expect(page.locator('.product__price .price')).toHaveText(priceText(product, 'en-US'));
  await expect(page.locator('.product__buy .availability')).toHaveText(
    AVAILABILITY_LABELS[product.availability].message ?? '',
  );
  // The worker's app shell answered, not a server-rendered page.
  await expect(page.locator('#router-data')).toHaveCount(0);
}

test('an unknown product or page answers 404; pages are not cached, hashed assets for a year', async ({
  page,
}) => {
  const missing = await page.request.get('/en-us/p/NO-SUCH-CODE');
  expect(missing.status()).toBe(404);
  const missingHtml = await missing.text();
  expect(mainOf(missingHtml)).toContain('Product not found');
  expect(missingHtml).toContain('<title>Product not found | Assessments Store</title>');
  expect(missingHtml).not.toContain('application/ld+json');

  const unknown = await page.request.get('/en-us/no-such-page');
  expect(unknown.status()).toBe(404);
  expect(mainOf(await unknown.text())).toContain('Page not found');

  const product = await page.request.get(`/en-us/p/${CODE}`);
  expect(product.status()).toBe(200);
  expect(product.headers()['cache-control']).toBe('no-cache');
  expect(product.headers()['content-type']).toMatch(/^text\/html/);
  const html = await product.text();
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the page loads a hashed script').toMatch(/\/assets\/.+-[A-Za-z0-9_-]{8}\.js$/);
  const asset = await page.request.get(script ?? '');
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const path of ['/en-us/', '/en-us/search.html?q=distress', '/en-us/cart']) {
    const answer = await page.request.get(path);
    expect(answer.headers()['cache-control'], path).toBe('no-cache');
  }
});

test('customer service’s sign-in step renders on the server in one piece, and hydrates without an error', async ({
  page,
}) => {
  const path = '/en-us/my-account/support/login?interaction=first-visit';
  // React marks a part that failed on the server with <!--$!-->; the browser would render it
  // again and report React error 419. The step's form uses react-hook-form's hooks.
  for (const each of [path, '/en-us/', '/en-us/quick-order', `/en-us/p/${CODE}`]) {
    const answer = await page.request.get(each);
    expect(answer.status(), each).toBe(200);
    expect(await answer.text(), each).not.toContain('<!--$!-->');
  }
  const html = await (await page.request.get(path)).text();
  expect(mainOf(html)).toContain('id="login-email"');
  // In the browser: no error logged (the page-errors fixture), and the form is live.
  await page.goto(path);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#login-email')).toHaveAttribute('aria-invalid', 'true');
});

test('a search for markup shows it as text, in the page and in the data it hydrates from', async ({
  page,
}) => {
  const query = '</script><script>alert(1)</script><img src=x onerror=alert(2)>"\'';
  const path = `/en-us/search.html?q=${encodeURIComponent(query)}`;
  const html = await (await page.request.get(path)).text();
  expect(html).not.toContain('<script>alert(1)');
  expect(html).not.toContain('<img src=x');
  const data = /<script type="application\/json" id="router-data">([\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  expect(() => JSON.parse(data ?? '') as unknown, 'the page data is whole JSON').not.toThrow();

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${query}”`);
  await expect(
    page.getByRole('search').getByRole('searchbox', { name: 'Search products' }),
  ).toHaveValue(query);
  await expect(page.locator('main img')).toHaveCount(0);
});

test('pages rendered at the same time for different storefronts each keep their own language and prices', async ({
  page,
  baseURL,
}) => {
  const locales = ['fr-ca', 'en-us', 'nl-nl', 'en-gb', 'es-es'] as const;
  const tags = {
    'fr-ca': 'fr-CA',
    'en-us': 'en-US',
    'nl-nl': 'nl-NL',
    'en-gb': 'en-GB',
    'es-es': 'es-ES',
  };
  const contentLanguages = {
    'fr-ca': 'fr',
    'en-us': 'en',
    'nl-nl': 'nl',
    'en-gb': 'en',
    'es-es': 'es',
  };
  const products = Object.fromEntries(
    await Promise.all(
      locales.map(async (locale) => [locale, await apiProduct(page, locale)] as const),
    ),
  );
  const visits = Array.from({ length: 6 }, () => locales).flat();
  const answers = await Promise.all(
    visits.map(async (locale) => ({
      locale,
      html: await (await page.request.get(`/${locale}/p/${CODE}`)).text(),
    })),
  );
  for (const { locale, html } of answers) {
    const tag = tags[locale];
    const product = products[locale];
    if (!product) throw new Error(`no API answer for ${locale}`);
    expect(/<html lang="([^"]+)"/.exec(html)?.[1], locale).toBe(contentLanguages[locale]);
    const buy = /<aside class="product__buy"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? '';
    expect(buy, locale).toContain(`data-currency="${product.currency}">${priceText(product, tag)}`);
    expect(html, locale).toContain(
      `<link rel="canonical" href="${baseURL ?? ''}/${locale}/p/${CODE}"/>`,
    );
  }
  const french = answers.find((a) => a.locale === 'fr-ca')?.html ?? '';
  expect(french).toContain(
    FRENCH_AVAILABILITY[products['fr-ca']?.availability ?? 'in-stock'] ?? 'missing',
  );
});

test('a ja-jp page says it is in English, the language it shows, while its alternates still name ja-JP', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  // As the server sends it.
  const html = await (await page.request.get(`/ja-jp/p/${CODE}`)).text();
  expect(/<html lang="([^"]+)"/.exec(html)?.[1]).toBe('en');
  expect(html).toContain(
    `<link rel="alternate" hrefLang="ja-JP" href="${origin}/ja-jp/p/${CODE}"/>`,
  );
  expect(html).toContain(
    `<link rel="alternate" hrefLang="zh-SG" href="${origin}/zh-sg/p/${CODE}"/>`,
  );

  // In the browser, after moving there from a French page and on to Singapore's.
  await page.goto(`/fr-ca/p/${CODE}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('banner').getByLabel('Région').selectOption('ja-jp');
  await expect(page).toHaveURL(new RegExp(`/ja-jp/p/${CODE}$`));
  await expect(page.getByRole('complementary', { name: 'Buy' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="alternate"][hreflang="ja-JP"]')).toHaveAttribute(
    'href',
    `${origin}/ja-jp/p/${CODE}`,
  );
  const region = page.getByRole('banner').getByLabel('Region');
  await expect(region.getByRole('option', { name: 'Japan' })).toHaveAttribute('lang', 'en');
  await region.selectOption('zh-sg');
  await expect(page).toHaveURL(new RegExp(`/zh-sg/p/${CODE}$`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin}/zh-sg/p/${CODE}`,
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="alternate"][hreflang="zh-SG"]')).toHaveCount(1);
});

test('a first visit hydrates with the messages it shows; its language’s catalog follows, and the next page speaks it', async ({
  page,
}) => {
  const catalogRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/messages-[^/]+\.js$/.test(request.url())) catalogRequests.push(request.url());
  });
  await page.goto('/fr-ca/');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Des évaluations pour les cliniciens, les écoles et les organisations',
    }),
  ).toBeVisible();
  // The page came with its own messages, and those of its frame, not with the whole catalog.
  const sent = JSON.parse((await page.locator('#page-messages').textContent()) ?? '{}') as Record<
    string,
    unknown
  >;
  const sentText = JSON.stringify(sent);
  expect(sentText).toContain('Des évaluations pour les cliniciens');
  // The frame's code may show its own messages right after hydrating, before the catalog:
  // the offline notice, for one, is not in this page but comes with it.
  expect(sentText).toContain('Vous êtes hors ligne. Vous pouvez continuer à naviguer');
  expect(Object.keys(sent).length).toBeGreaterThan(50);
  expect(Object.keys(sent).length).toBeLessThan(400);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Se connecter' }),
  ).toBeVisible();
  // The catalog comes after the first paint, and the next page speaks French throughout.
  await expect.poll(() => catalogRequests.length).toBeGreaterThan(0);
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Liens de la boutique' })
    .getByRole('link', { name: 'Commande rapide' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Commande rapide' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Vider toutes les lignes' })).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: 'Code produit, ligne 1', exact: true }),
  ).toBeVisible();
});
