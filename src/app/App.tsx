import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '../infra/i18n';
import type { createRouter } from './router';

/** Marks the page as interactive once the app's first render has committed (npm run size). */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return null;
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
        <ReadyMarker />
      </I18nProvider>
    </StrictMode>
  );
}
