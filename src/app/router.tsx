/**
 * Every route of the store (SPEC 2.1, 2.2, 2.7). Each storefront lives under its locale
 * (/en-gb/...), and store paths (/store/{storeId}/{language}/...) reach the same pages; a
 * host configured for a storefront may drop the prefix. Pages under my-account and checkout
 * send a visitor to sign-in, and back afterwards. Pages other than home are code-split.
 */
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type HydrationState,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { entryLocale, LOGIN_LANGUAGES } from '../../domain/storefront/entry-locale';
import { resolveLocale } from '../../domain/storefront/resolve-locale';
import { requiresSignIn } from '../../domain/storefront/routes';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  storefrontFor,
  storefrontForStorePath,
  type Storefront,
} from '../../domain/storefront/storefronts';
import { HomePage } from '../features/home/components/HomePage';
import { accountRoutes } from './account-routes';
import { supportConsoleRoute, supportLoginRoutes } from './support-routes';
import { bootstrap$, loadBootstrap } from '../infra/bootstrap';
import { isServer } from '../infra/http';
import { activateLanguage, catalogIsPartial } from '../infra/i18n';
import { preferredLocale, rememberedLocale, rememberLocale } from '../infra/preferred-locale';
import { authSettled } from '../infra/auth/auth-state';
import { currentUser$ } from '../infra/session';
import { loadRegionalContent } from '../shell/content/load-regional-content';
import { CatchAllPage, NotFoundPage } from '../shell/NotFoundPage';
import { PageSkeleton, type SkeletonHandle } from '../shell/PageSkeleton';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { StorefrontLayout } from '../shell/StorefrontLayout';
import type { StorefrontRouteData } from '../shell/use-storefront';

/**
 * The storefront's own loader: its language, its regional navigation and footer, and the
 * sign-in check of pages that need a user. The server cannot know who is signed in (the
 * session lives in this browser), so there the check is left to the browser, which runs this
 * loader again when a server-rendered page hydrates.
 */
async function enter(
  storefront: Storefront,
  known: boolean,
  request: Request,
): Promise<StorefrontRouteData> {
  const url = new URL(request.url);
  if (!isServer) {
    // Pages that need a user wait for sign-in to have its answer (10 s at most, SPEC 9).
    if (known && requiresSignIn(url.pathname)) await authSettled(10_000);
    if (known && requiresSignIn(url.pathname) && !currentUser$.getValue()) {
      const returnTo = `${url.pathname}${url.search}`;
      throw redirect(`/${storefront.locale}/login?returnTo=${encodeURIComponent(returnTo)}`);
    }
    if (known) rememberLocale(storefront.locale);
  }
  const [content, flags] = await Promise.all([
    loadRegionalContent(storefront.locale),
    // The server renders with the visitor's flags; the browser has its own bootstrap.
    isServer
      ? import('./server-flags').then(({ visitorFlags }) => visitorFlags(storefront.locale))
      : undefined,
    activateLanguage(storefront.language),
  ]);
  return flags ? { storefront, known, content, flags } : { storefront, known, content };
}

function localeLoader(args: LoaderFunctionArgs) {
  const segment = args.params.locale ?? '';
  return isLocale(segment) ? enter(storefrontFor(segment), true, args.request) : otherLoader(args);
}
// Runs again in the browser when a server-rendered page hydrates (the sign-in check), unless
// the page has nothing to check (keepServerStorefront).
localeLoader.hydrate = true;

function storePathLoader({ params, request }: LoaderFunctionArgs) {
  const storefront = storefrontForStorePath(params.storeId ?? '', params.language ?? '');
  return storefront
    ? enter(storefront, true, request)
    : enter(storefrontFor(preferredLocale()), false, request);
}
storePathLoader.hydrate = true;

/**
 * A server-rendered page that the browser need not check again (decision 043): one that needs
 * no sign-in and is not a buyer's skeleton. Its storefront's loader then does not run again
 * on hydration, so the page is not rendered a second time for data it already has.
 */
export function keepServerStorefront(route: RouteObject): void {
  const loader = route.loader;
  if (typeof loader !== 'function' || !('hydrate' in loader)) return;
  route.loader = (args, handlerContext) => loader(args, handlerContext);
}

/**
 * Pages whose content is the buyer's own (cart, checkout, account, orders): the server renders
 * their frame and a skeleton, the browser their data (decision 038).
 */
export function isSkeletonRoute(route: RouteObject): boolean {
  return (route.handle as Partial<SkeletonHandle> | undefined)?.skeletonOnServer === true;
}

/**
 * A buyer's page, with the heading its skeleton shows: the page's own, so the first paint
 * already has it (and nothing moves when the page replaces the skeleton).
 */
function buyerPage(route: RouteObject, heading?: MessageDescriptor): RouteObject {
  const handle: SkeletonHandle = heading
    ? { skeletonOnServer: true, heading }
    : { skeletonOnServer: true };
  return { ...route, HydrateFallback: PageSkeleton, handle };
}

/** The hosts configured for a storefront, from the last start-up answer or a fresh one. */
async function storefrontHosts() {
  const bootstrap = bootstrap$.getValue() ?? (await loadBootstrap(DEFAULT_LOCALE));
  return bootstrap?.config.storefrontHosts ?? {};
}

/** An address without a storefront: a host configured for one, or a page we do not have. */
async function otherLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const hosts = await storefrontHosts();
  const resolved = resolveLocale({ host: url.host, pathname: url.pathname }, hosts);
  if (resolved.source === 'host') {
    throw redirect(`/${resolved.locale}${resolved.rest}${url.search}`);
  }
  return enter(storefrontFor(preferredLocale()), false, request);
}

/**
 * The root, when the worker answers it (the server redirects it itself): the storefront last
 * used, else the host's, else the one for the visitor's country, else en-us.
 */
async function rootLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const remembered = rememberedLocale();
  const locale = entryLocale({
    remembered,
    host: url.host,
    hosts: remembered ? {} : await storefrontHosts(),
    country: bootstrap$.getValue()?.country,
    languages: navigator.languages,
  });
  return redirect(`/${locale}/${url.search}`);
}

/** The pages of a storefront, the same below /{locale} and below a store path. */
function storefrontPages(): RouteObject[] {
  return [
    { index: true, Component: HomePage },
    // Sign-in and registration are forms a password goes into: never shown before the page
    // can handle them (the server renders their skeleton).
    buyerPage({
      path: 'login',
      lazy: async () => ({
        Component: (await import('../features/auth/components/LoginPage')).LoginPage,
      }),
    }),
    buyerPage({
      path: 'register',
      lazy: async () => ({
        Component: (await import('../features/auth/components/RegisterPage')).RegisterPage,
      }),
    }),
    {
      path: 'search.html',
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/catalog/components/SearchPage'),
          import('../features/catalog/catalog-loaders'),
        ]);
        return { Component: page.SearchPage, loader: data.searchLoader };
      },
    },
    buyerPage(
      {
        path: 'cart',
        lazy: async () => ({
          Component: (await import('../features/cart/components/CartPage')).CartPage,
        }),
      },
      msg`Your Shopping Cart`,
    ),
    ...['my-account/saved-carts', 'saved-carts'].flatMap((base): RouteObject[] => [
      buyerPage({
        path: base,
        lazy: async () => ({
          Component: (await import('../features/saved-carts/components/SavedCartsPage'))
            .SavedCartsPage,
        }),
      }),
      buyerPage({
        path: `${base}/cart-details/:id`,
        lazy: async () => ({
          Component: (await import('../features/saved-carts/components/SavedCartsPage'))
            .SavedCartDetailsPage,
        }),
      }),
    ]),
    ...orderRoutes().map((route) => buyerPage(route)),
    ...quoteRoutes().map((route) => buyerPage(route, msg`Quotes`)),
    ...invoiceRoutes().map((route) => buyerPage(route, msg`Invoices`)),
    ...accountRoutes().map(({ route, heading }) => buyerPage(route, heading)),
    // Customer service (decision 063): its sign-in, and its console as the agent's own page.
    ...supportLoginRoutes(),
    ...[supportConsoleRoute()].map(({ route, heading }) => buyerPage(route, heading)),
    {
      path: 'quick-order',
      lazy: async () => ({
        Component: (await import('../features/quick-order/components/QuickOrderPage'))
          .QuickOrderPage,
      }),
    },
    ...checkoutRoutes(),
    {
      path: 'p/:code',
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/catalog/components/ProductPage'),
          import('../features/catalog/product-loader'),
        ]);
        return { Component: page.ProductPage, loader: data.productLoader };
      },
    },
    { path: '*', Component: CatchAllPage },
  ];
}

/**
 * Checkout (SPEC 2.5, 2.6): the accounts step at /checkout and each secure checkout step at
 * its own address below it, under one layout that guards the order of the steps; the
 * confirmation of a placed order beside them.
 */
function checkoutRoutes(): RouteObject[] {
  const step = (load: () => Promise<{ Component: ComponentType }>) => ({
    lazy: async () => ({ Component: (await load()).Component }),
  });
  const routes: RouteObject[] = [
    {
      path: 'checkout',
      lazy: async () => {
        const [layout, data] = await Promise.all([
          import('../features/checkout/components/CheckoutLayout'),
          import('../features/checkout/checkout-loader'),
        ]);
        return { Component: layout.CheckoutLayout, loader: data.checkoutLoader };
      },
      children: [
        {
          index: true,
          handle: { heading: msg`Accounts for checkout` } satisfies Partial<SkeletonHandle>,
          ...step(async () => ({
            Component: (await import('../features/checkout/components/AccountsStep')).AccountsStep,
          })),
        },
        {
          path: 'shipping-address',
          ...step(async () => ({
            Component: (await import('../features/checkout/components/ShippingAddressStep'))
              .ShippingAddressStep,
          })),
        },
        {
          path: 'shipping-method',
          ...step(async () => ({
            Component: (await import('../features/checkout/components/ShippingMethodStep'))
              .ShippingMethodStep,
          })),
        },
        {
          path: 'billing-address',
          ...step(async () => ({
            Component: (await import('../features/checkout/components/BillingAddressStep'))
              .BillingAddressStep,
          })),
        },
        {
          path: 'payment',
          ...step(async () => ({
            Component: (await import('../features/checkout/components/PaymentStep')).PaymentStep,
          })),
        },
        {
          path: 'review',
          ...step(async () => ({
            Component: (await import('../features/checkout/components/ReviewStep')).ReviewStep,
          })),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
    {
      // SPEC 2.1: express checkout, every choice on one page (signed-in, as checkout is).
      path: 'exp-checkout',
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/checkout/components/ExpressCheckoutPage'),
          import('../features/checkout/checkout-loader'),
        ]);
        return { Component: page.ExpressCheckoutPage, loader: data.checkoutLoader };
      },
    },
    {
      path: 'checkout/confirmation/:id',
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/checkout/components/ConfirmationPage'),
          import('../features/checkout/checkout-loader'),
        ]);
        return { Component: page.ConfirmationPage, loader: data.confirmationLoader };
      },
    },
  ];
  const [checkout, ...others] = routes;
  return [
    ...(checkout ? [buyerPage(checkout, msg`Secure checkout`)] : []),
    ...others.map((route) => buyerPage(route)),
  ];
}

/**
 * Orders after checkout (SPEC 2.1, 2.6, 2.7; decision 029): the status lookup open to
 * visitors, and the buyer's order history, an order's details and their own lookup, under
 * my-account and at /order-history.
 */
/** Quotes (SPEC 2.7): the list and one quote, under my-account and at /quotes. */
function quoteRoutes(): RouteObject[] {
  const loaders = () => import('../features/quotes/quotes-loader');
  return ['my-account/quotes', 'quotes'].flatMap((base): RouteObject[] => [
    {
      path: base,
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/quotes/components/QuotesPage'),
          loaders(),
        ]);
        return { Component: page.QuotesPage, loader: data.quotesLoader };
      },
    },
    {
      path: `${base}/:id`,
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/quotes/components/QuoteDetailsPage'),
          loaders(),
        ]);
        return { Component: page.QuoteDetailsPage, loader: data.quoteDetailsLoader };
      },
    },
  ]);
}

/**
 * Invoices (SPEC 2.1 /invoices/{...}; decision 053): the list, an invoice, paying it and the
 * payment's receipt.
 */
function invoiceRoutes(): RouteObject[] {
  const pages = () => import('../features/invoices/invoice-pages');
  return [
    {
      path: 'invoices',
      lazy: async () => {
        const m = await pages();
        return { Component: m.InvoicesPage, loader: m.invoicesLoader };
      },
    },
    {
      path: 'invoices/:id',
      lazy: async () => {
        const m = await pages();
        return { Component: m.InvoiceDetailsPage, loader: m.invoiceDetailsLoader };
      },
    },
    {
      path: 'invoices/:id/payment',
      lazy: async () => {
        const m = await pages();
        return { Component: m.InvoicePaymentPage, loader: m.invoicePaymentLoader };
      },
    },
    {
      path: 'invoices/:id/payment/confirmation',
      lazy: async () => {
        const m = await pages();
        return {
          Component: m.InvoicePaymentConfirmationPage,
          loader: m.invoiceConfirmationLoader,
        };
      },
    },
  ];
}

function orderRoutes(): RouteObject[] {
  const loaders = () => import('../features/orders/orders-loader');
  return [
    {
      path: 'order-status',
      lazy: async () => {
        const [page, data] = await Promise.all([
          import('../features/orders/components/OrderStatusPage'),
          loaders(),
        ]);
        return { Component: page.OrderStatusPage, loader: data.orderStatusLoader };
      },
    },
    ...['my-account/order-history', 'order-history'].flatMap((base): RouteObject[] => [
      {
        path: base,
        lazy: async () => {
          const [page, data] = await Promise.all([
            import('../features/orders/components/OrderHistoryPage'),
            loaders(),
          ]);
          return { Component: page.OrderHistoryPage, loader: data.orderHistoryLoader };
        },
      },
      {
        path: `${base}/order-details/:id`,
        lazy: async () => {
          const [page, data] = await Promise.all([
            import('../features/orders/components/OrderDetailsPage'),
            loaders(),
          ]);
          return { Component: page.OrderDetailsPage, loader: data.orderDetailsLoader };
        },
      },
      {
        path: `${base}/order-status`,
        lazy: async () => {
          const [page, data] = await Promise.all([
            import('../features/orders/components/OrderStatusPage'),
            loaders(),
          ]);
          return { Component: page.OrderStatusPage, loader: data.accountOrderStatusLoader };
        },
      },
    ]),
  ];
}

/** SPEC 2.1 /{lang}/login: the sign-in page of the storefront last used in that language. */
function languageLoginRoutes(): RouteObject[] {
  return LOGIN_LANGUAGES.map((language) => ({
    path: `/${language}/login`,
    loader: ({ request }: LoaderFunctionArgs) => {
      const preferred = storefrontFor(preferredLocale());
      const locale =
        preferred.language === language
          ? preferred.locale
          : (LOCALES.find((l) => storefrontFor(l).language === language) ?? DEFAULT_LOCALE);
      return redirect(`/${locale}/login${new URL(request.url).search}`);
    },
  }));
}

/** Every route of the store, for the browser's router and the server's renderer alike. */
export function storeRoutes(): RouteObject[] {
  const layout = {
    Component: StorefrontLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => null,
    // The sign-in check lives in the storefront's loader: run it again for every page that
    // needs a user, also when reached by a link from a page that does not.
    // And while a server-rendered page still shows only its own messages: the next page waits
    // for the language's catalog, which the loader brings (decision 043).
    shouldRevalidate: ({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
      defaultShouldRevalidate || requiresSignIn(nextUrl.pathname) || catalogIsPartial(),
  };
  return [
    { path: '/', loader: rootLoader, HydrateFallback: () => null },
    ...languageLoginRoutes(),
    {
      path: '/auth',
      loader: ({ request }: LoaderFunctionArgs) =>
        enter(storefrontFor(preferredLocale()), true, request),
      ...layout,
      children: [
        {
          path: 'callback',
          lazy: async () => ({
            Component: (await import('../features/auth/components/AuthCallbackPage'))
              .AuthCallbackPage,
          }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
    {
      path: '/store/:storeId/:language',
      loader: storePathLoader,
      ...layout,
      children: storefrontPages(),
    },
    { path: '/:locale', loader: localeLoader, ...layout, children: storefrontPages() },
    { path: '*', loader: otherLoader, ...layout },
  ];
}

export function createRouter(
  routes: RouteObject[] = storeRoutes(),
  hydrationData?: HydrationState,
) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
