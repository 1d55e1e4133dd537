import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '../infra/i18n';
import type { createRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>
  );
}
