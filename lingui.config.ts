import { defineConfig } from '@lingui/cli';
import type { LinguiConfig } from '@lingui/conf';

/** Message catalogs per content language (SPEC 2.2: en, fr, nl, es). English is the source. */
const config: LinguiConfig = defineConfig({
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

export default config;
