import { defineConfig } from '@lingui/cli';

/** Message catalogs per content language (SPEC 2.2: en, fr, nl, es). English is the source. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'nl', 'es'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/domain'],
      exclude: ['**/*.spec.ts', '**/*.spec.tsx'],
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
