/**
 * The frame of every storefront page: header, banners, notifications, the page, footer. It
 * also starts what each page needs from the server (flags, tag manager) and applies the
 * Asia-Pacific locale switch for a signed-in user (SPEC 4.5).
 */
import { Trans } from '@lingui/react/macro';
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { NOTIFICATIONS_PARAM } from '../../domain/notifications/param';
import { actingAgent$ } from '../infra/acting-agent';
import { loadTagManager } from '../infra/analytics';
import { bootstrap$, loadBootstrap } from '../infra/bootstrap';
import { switchAnnouncement$ } from '../infra/buying-as';
import { cartMergeOffer$, openCart } from '../infra/cart/cart-loader';
import { frameCommitted, pageCommitted, whenIdleAfterFirstPaint } from '../infra/first-paint';
import { whenPartsHydrated } from '../infra/hydration';
import { autoLocaleSwitch } from '../infra/locale-switch';
import { currentUser$, type SignedInUser } from '../infra/session';
import { wholeCatalog } from '../infra/i18n';
import { useHydrated, useObservableValue } from '../infra/use-observable';
import { AssistedNoticeSlot } from './AssistedNoticeSlot';
import { CartNotices } from './CartNotices';
import { ConnectionBanner } from './ConnectionBanner';
import { RegionalContentProvider } from './content/regional-content';
import { LazyErrorPage, useFailedPageStatus } from './error-page';
import { Footer } from './Footer';
import { Header } from './Header';
import { HydratedPart } from './HydratedPart';
import { NotFoundPage } from './NotFoundPage';
import { OptionalPart } from './OptionalPart';
import { StorefrontContext, type StorefrontRouteData } from './use-storefront';

// Dialogs loaded only when they may show (decision 041), with the whole catalog (their messages
// are not among a server-rendered page's own, decision 043): the greeting for a visitor whose
// country is unknown, the inactivity warning for a signed-in user, and the choice about a cart
// made before sign-in.
const HelloModal = lazy(() =>
  Promise.all([import('./HelloModal'), wholeCatalog()]).then(([module]) => ({
    default: module.HelloModal,
  })),
);
const IdleWarning = lazy(() =>
  Promise.all([import('./IdleWarning'), wholeCatalog()]).then(([module]) => ({
    default: module.IdleWarning,
  })),
);
const BuyingAsBanner = lazy(() =>
  Promise.all([import('./BuyingAsBanner'), wholeCatalog()]).then(([module]) => ({
    default: module.BuyingAsBanner,
  })),
);
const SupportSessionBanner = lazy(() =>
  Promise.all([import('./SupportSessionBanner'), wholeCatalog()]).then(([module]) => ({
    default: module.SupportSessionBanner,
  })),
);
const SignInMergeDialog = lazy(() =>
  Promise.all([import('./SignInMergeDialog'), wholeCatalog()]).then(([module]) => ({
    default: module.SignInMergeDialog,
  })),
);

/**
 * Notifications an address brings (SPEC 3, 4.6): their area loads, with the whole catalog,
 * once the page has hydrated and an address has some, and then stays (it shows them after the
 * address has dropped them). Loaded by hand, not with `lazy`: a suspended part waits for
 * React's reveal throttle, and a notice shows as soon as its code is here.
 */
function Notifications() {
  const hydrated = useHydrated();
  const hasSome = new URLSearchParams(useLocation().search).has(NOTIFICATIONS_PARAM);
  const [Area, setArea] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hydrated || !hasSome || Area) return;
    let current = true;
    Promise.all([import('./NotificationArea'), wholeCatalog()]).then(
      ([module]) => {
        if (current) setArea(() => module.NotificationArea);
      },
      (error: unknown) => {
        console.warn('The notifications could not be shown.', error);
      },
    );
    return () => {
      current = false;
    };
  }, [hydrated, hasSome, Area]);
  return Area ? <Area /> : null;
}

/** The greeting, for a visitor whose country is unknown (only this follows the settings). */
function Greeting() {
  const countryUnknown = useObservableValue(bootstrap$)?.countryUnknown;
  return countryUnknown ? (
    <OptionalPart>
      <HelloModal />
    </OptionalPart>
  ) : null;
}

/** The banner of a switch of whom the user buys as, for that user, once the page hydrated. */
function SwitchAnnouncementBanner({ userId }: { userId: string | null }) {
  const hydrated = useHydrated();
  const announcement = useObservableValue(switchAnnouncement$);
  if (!hydrated || !announcement || announcement.userId !== userId) return null;
  return (
    <OptionalPart>
      <BuyingAsBanner announcement={announcement} />
    </OptionalPart>
  );
}

/** Customer service acting for the buyer shown (decision 063), once the page hydrated. */
function ActingBanner({ buyer }: { buyer: SignedInUser | null }) {
  const hydrated = useHydrated();
  const agent = useObservableValue(actingAgent$);
  if (!hydrated || !agent || !buyer) return null;
  return (
    <OptionalPart>
      <SupportSessionBanner agent={agent} buyer={buyer} />
    </OptionalPart>
  );
}

/** How long after a storefront page opens its catalog index is fetched for offline use. */
const INDEX_WARM_DELAY_MS = 3_000;

export function StorefrontLayout() {
  const { storefront, known, content } = useLoaderData<StorefrontRouteData>();
  const user = useObservableValue(currentUser$);
  const userId = user?.id ?? null;
  const userCountry = user?.registrationCountryIso ?? null;
  const mergeOffer = useObservableValue(cartMergeOffer$);
  const location = useLocation();
  const navigate = useNavigate();
  // A page whose route loads its data first (search, product) keeps the last one on screen
  // meanwhile: a bar at the top says the next is on its way.
  const navigating = useNavigation().state === 'loading';
  // A full page load whose data failed with an error status shows that status's error page
  // (decision 069); the server answers with the status.
  const failedStatus = useFailedPageStatus();

  // The first page is on screen and hydrated: what it does not show may load now (decision
  // 041), not while its parts still hydrate (issue 31).
  useEffect(() => {
    frameCommitted();
    whenPartsHydrated(pageCommitted);
  }, []);

  useEffect(() => {
    // The language of what the page shows (SPEC 2.2): ja-jp and zh-sg pages are in English.
    document.documentElement.lang = storefront.language;
  }, [storefront]);

  // Settings, tag manager and live flags: nothing the first page shows waits for them.
  useEffect(() => {
    let current = true;
    void whenIdleAfterFirstPaint().then(async () => {
      if (!current) return;
      const bootstrap = await loadBootstrap(storefront.locale);
      if (!current || !bootstrap) return;
      loadTagManager(bootstrap.config.gtmContainerId);
      const { connectLiveFlags } = await import('../infra/flag-context');
      await connectLiveFlags(bootstrap, storefront).catch((error: unknown) => {
        console.warn('Live feature flags unavailable; using the bootstrap values.', error);
      });
    });
    return () => {
      current = false;
    };
  }, [storefront]);

  // The flags of whoever is here: the signed-in user's from sign-in (or a restored session)
  // on, the visitor's again after sign-out (decision 058).
  useEffect(() => {
    let current = true;
    void whenIdleAfterFirstPaint().then(async () => {
      if (!current) return;
      const bootstrap = await loadBootstrap(storefront.locale);
      if (!current || !bootstrap) return;
      const who = userId ? { id: userId, registrationCountryIso: userCountry } : null;
      const { settleFlagContext } = await import('../infra/flag-context');
      await settleFlagContext(storefront, bootstrap, who).catch((error: unknown) => {
        console.warn('The feature flags of this session could not be settled.', error);
      });
    });
    return () => {
      current = false;
    };
  }, [storefront, userId, userCountry]);

  // The cart of this storefront and person: the visitor's, or the user's after sign-in
  // (with the visitor's lines merged in). Unknown addresses have no cart of their own.
  useEffect(() => {
    if (!known) return;
    void openCart(storefront, 'idle');
  }, [known, storefront, user]);

  // The store's catalog index, in idle time: any of its products opens offline.
  // Once the page has settled: it must never compete with what the page shows first.
  useEffect(() => {
    if (!known) return;
    const timer = setTimeout(() => {
      void import('../infra/catalog-index').then(({ warmIndex }) => {
        warmIndex(storefront.locale);
      });
    }, INDEX_WARM_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [known, storefront]);

  useEffect(() => {
    if (!user) return;
    const target = autoLocaleSwitch(
      user.registrationCountryIso,
      storefront.locale,
      location.pathname,
    );
    if (!target) return;
    let current = true;
    // The notice's codec (and its schema) loads with the first notice to send.
    void import('../../domain/notifications/notifications').then(
      ({ encodeNotifications, NOTIFICATIONS_PARAM }) => {
        if (!current) return;
        const notice = encodeNotifications([{ kind: 'currency-switched' }]);
        void navigate(`${target}?${NOTIFICATIONS_PARAM}=${encodeURIComponent(notice)}`, {
          replace: true,
        });
      },
    );
    return () => {
      current = false;
    };
  }, [user, storefront, location.pathname, navigate]);

  return (
    <StorefrontContext value={storefront}>
      <RegionalContentProvider storefront={storefront} loaded={content}>
        <div className="app">
          <a className="skip-link" href="#main">
            <Trans>Skip to content</Trans>
          </a>
          <ActingBanner buyer={user} />
          <HydratedPart>
            <Header />
          </HydratedPart>
          <ConnectionBanner />
          <SwitchAnnouncementBanner userId={userId} />
          <AssistedNoticeSlot />
          <Notifications />
          <CartNotices />
          <div className={navigating ? 'navigation-progress is-active' : 'navigation-progress'} />
          <main id="main" className="app__main" tabIndex={-1} aria-busy={navigating}>
            <HydratedPart>
              {!known ? (
                <NotFoundPage />
              ) : failedStatus ? (
                <LazyErrorPage page={failedStatus} />
              ) : (
                <Outlet />
              )}
            </HydratedPart>
          </main>
          <HydratedPart>
            <Footer />
          </HydratedPart>
          <Greeting />
          {user ? (
            <OptionalPart>
              <IdleWarning />
            </OptionalPart>
          ) : null}
          {mergeOffer ? (
            <OptionalPart>
              <SignInMergeDialog />
            </OptionalPart>
          ) : null}
        </div>
      </RegionalContentProvider>
    </StorefrontContext>
  );
}
