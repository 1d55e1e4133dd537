// Lint: type-aware TypeScript rules, React hooks, and the architecture's boundaries
// (STYLE.md, ARCHITECTURE.md §1): domain/ is pure, imports flow one way, features stay apart.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_PROJECTS = [
  './tsconfig.domain.json',
  './tsconfig.app.json',
  './tsconfig.sw.json',
  './tsconfig.node.json',
  './tsconfig.e2e.json',
  './tsconfig.browser-int.json',
];

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const nodeBuiltins = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      // The server built for test runs (tests/support/server-bundle.ts).
      '.bundle/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TS_PROJECTS, noWarnOnMultipleProjects: true }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // react-router's loaders throw redirect() responses.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }] },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./src', './server', './sw', './tests', './scripts'],
              message:
                'domain/ is pure: it imports nothing from the app, the server or the worker.',
            },
            {
              target: './src/infra',
              from: ['./src/features', './src/shell', './src/app'],
              message:
                'Imports flow one way: domain ← src/infra ← src/shell ← src/features ← src/app.',
            },
            {
              target: './src/shell',
              from: ['./src/features', './src/app'],
              message:
                'Imports flow one way: domain ← src/infra ← src/shell ← src/features ← src/app.',
            },
            {
              target: './src/features',
              from: './src/app',
              message:
                'Imports flow one way: domain ← src/infra ← src/shell ← src/features ← src/app.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature; share through domain/ or src/infra.',
            })),
            {
              target: './server',
              from: ['./src', './sw'],
              message: 'The server shares code with the browser only through domain/.',
            },
            {
              target: './sw',
              from: ['./src', './server'],
              message: 'The service worker shares code with the app only through domain/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message:
            "Use `import * as z from 'zod'` (or zod/mini): the named import pulls every locale into the bundle.",
        },
      ],
    },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    // domain/ runs unchanged in the browser, the worker, the server and plain Node tests:
    // no frameworks, no I/O, no clock, no randomness (ARCHITECTURE.md §1).
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'domain/ may not use Node APIs.',
          })),
          patterns: [
            {
              regex: '^node:',
              message: 'domain/ may not use Node APIs.',
            },
            {
              regex:
                '^(react|react-dom|react-router|dexie|rxjs|workbox-[a-z-]+|@lingui/react|fastify|@fastify/.+|pg|@electric-sql/.+|drizzle-orm|oidc-client-ts|oidc-provider|jose|@launchdarkly/.+|dompurify)(/.*)?$',
              message: 'domain/ is pure TypeScript: no UI, storage, network or server libraries.',
            },
            {
              regex: '(^|/)(src|server|sw)(/|$)',
              message: 'domain/ imports nothing from the app, the server or the worker.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'location',
          'localStorage',
          'sessionStorage',
          'indexedDB',
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'BroadcastChannel',
          'setTimeout',
          'setInterval',
          'clearTimeout',
          'clearInterval',
          'requestAnimationFrame',
          'queueMicrotask',
          'performance',
          'crypto',
          'process',
          'Buffer',
          'require',
          'global',
        ].map((name) => ({
          name,
          message: `domain/ is pure: pass what ${name} would give in as an argument.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Time comes in command metadata (`now`).' },
        { object: 'Math', property: 'random', message: 'Randomness comes in from the caller.' },
        { object: 'globalThis', message: 'domain/ is pure: no global objects.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time comes in command metadata (`now`), not from `new Date()`.',
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
