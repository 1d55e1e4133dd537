import { createRoot } from 'react-dom/client';
import { isLocale, storefrontFor, DEFAULT_LOCALE } from '../domain/storefront/storefronts';
import { App } from './app/App';
import { createRouter } from './app/router';
import { dataLayer } from './infra/analytics';
import { setNavigator, startAuth } from './infra/auth/auth';
import { activateLanguage } from './infra/i18n';
import { registerServiceWorker } from './infra/service-worker';
import './shell/shell.css';

// Load the page's language before the first render so text never flashes in another one.
const firstSegment = window.location.pathname.split('/')[1] ?? '';
const locale = isLocale(firstSegment) ? firstSegment : DEFAULT_LOCALE;
await activateLanguage(storefrontFor(locale).language);

// The analytics data layer exists from the start, so any feature can push to it.
dataLayer();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const router = createRouter();
setNavigator((path) => {
  void router.navigate(path);
});
createRoot(root).render(<App router={router} />);

// Who is signed in (SPEC 4.1): processing until the answer comes.
void startAuth(locale);

// The service worker is registered once the first page has rendered, never before it.
if (import.meta.env.PROD) {
  if (router.state.initialized) {
    registerServiceWorker();
  } else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      registerServiceWorker();
    });
  }
}
