import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { whenPartsHydrated } from '../infra/hydration';
import { i18n } from '../infra/i18n';
import type { createRouter } from './router';

/**
 * Marks the page as interactive (npm run size, the browser tests) once the app's first render
 * has committed and the frame's parts have hydrated (src/shell/HydratedPart.tsx).
 */
function ReadyMarker() {
  useEffect(() => {
    whenPartsHydrated(() => {
      document.documentElement.dataset.ready = '';
    });
  }, []);
  return null;
}

/**
 * What wraps the router, the same in the browser and on the server (src/entry-server.tsx):
 * React's ids (useId) come from the tree's shape, so a hydrated page keeps the server's only
 * if both render the same frame around the same routes.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {children}
        <ReadyMarker />
      </I18nProvider>
    </StrictMode>
  );
}

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <AppFrame>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
