import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react-swc';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** React with the Lingui macro compiled by SWC; shared with the Vitest config. */
export function appPlugins(): PluginOption[] {
  return [
    react({ plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true }]] }),
    lingui(),
  ];
}

/** The code of the pages a first visit may land on and hydrates before it is interactive. */
const HYDRATED_AT_ONCE =
  /(?:^|\/)(?:SearchPage|ProductPage|catalog-loaders|product-loader|search-page)-[\w-]+\.js$/;

/** Modules both landing pages of the catalog (search, product) load before they hydrate. */
const CATALOG_PAGES_SHARED =
  /(?:src[\\/](?:features[\\/]catalog[\\/](?:api|components[\\/]ProductFacts)|infra[\\/](?:api|use-load|catalog-index|offline-copy|cart[\\/]cart-product)|shell[\\/](?:use-cart-store|VatNote|content[\\/]categories))|domain[\\/](?:catalog[\\/](?:catalog|search-text)|shared[\\/](?:domain-error|message|worker-caches)|pricing[\\/]money|tax[\\/]messages))\.tsx?$|src[\\/]features[\\/]catalog[\\/]catalog\.css$/;

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:8080';

/** Where `vite build --ssr` puts the server renderer (decision 038); never served or precached. */
export const SSR_OUT_DIR = 'dist/.server';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    ...appPlugins(),
    isSsrBuild
      ? null
      : VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          // Registration is the app's own (src/infra/service-worker.ts), through workbox-window.
          injectRegister: false,
          registerType: 'prompt',
          injectManifest: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            globIgnores: ['**/node_modules/**/*', '.server/**'],
            rollupFormat: 'iife',
          },
          manifest: {
            id: '/',
            name: 'Assessments Store',
            short_name: 'Assessments',
            description:
              'Clinical and educational assessments, digital scoring and reporting, and online training for clinicians, schools and organisations.',
            start_url: '/',
            scope: '/',
            display: 'standalone',
            orientation: 'any',
            background_color: '#ffffff',
            theme_color: '#0b4f8a',
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              {
                src: '/icons/icon-maskable-192.png',
                sizes: '192x192',
                type: 'image/png',
                purpose: 'maskable',
              },
              {
                src: '/icons/icon-maskable-512.png',
                sizes: '512x512',
                type: 'image/png',
                purpose: 'maskable',
              },
            ],
          },
        }),
  ],
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
      }
    : {
        target: 'es2022',
        sourcemap: false,
        // One stylesheet, in the page's head: a server-rendered page is styled from its first
        // paint, and a page whose code loads later never restyles what is on screen
        // (decision 038).
        cssCodeSplit: false,
        // No polyfill in the first load (decision 041): browsers preload modules themselves, and
        // one that cannot (Safari before 17) fetches them as the page imports them.
        modulePreload: {
          polyfill: false,
          // The page's own preloads (index.html) stay. The imports of a lazy chunk are fetched
          // with it only for the pages a first visit renders on the server and hydrates at once
          // (decision 068). Listing every chunk's imports costs the first load 3.5 kB of file
          // names; another page's code fetches its imports as the browser reads it: one round
          // trip more, before the service worker holds the files, none after.
          resolveDependencies: (chunk, deps, { hostType }) =>
            hostType === 'html' || HYDRATED_AT_ONCE.test(chunk) ? deps : [],
        },
        rollupOptions: {
          input: {
            main: 'index.html',
            // The hidden frame of silent sign-in and token renewal (token mode).
            silentCallback: 'auth/silent-callback.html',
          },
          output: {
            // What every first page loads, in five files instead of thirty (decision 041): each
            // file pays its own gzip header and dictionary, 6.8 KB in all. React, the router and
            // Lingui apart, as they change only with an upgrade.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  tags: ['$initial'],
                  priority: 2,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui)[\\/]/,
                },
                {
                  name: 'first-load',
                  tags: ['$initial'],
                  priority: 1,
                  // Not the entries: the page's (index.html, src/main.tsx) awaits the page's route
                  // modules before it renders, and they import this chunk, which therefore must
                  // not hold it (a module graph waiting for itself never runs). The silent
                  // sign-in frame's stays on its own.
                  test: (id: string) =>
                    !/index\.html|src[\\/]main\.tsx$|oidc-client-ts|jwt-decode|silent-callback/.test(
                      id,
                    ),
                },
                {
                  // What the search and product pages share, apart from the first load: one
                  // file instead of twelve for a visitor landing on either (decision 068).
                  name: 'catalog-pages',
                  priority: 0,
                  test: CATALOG_PAGES_SHARED,
                },
                {
                  // What many forms check text with, apart: the search page's group would
                  // otherwise take them in with its own code, and every form would load it.
                  name: 'text-checks',
                  priority: 3,
                  test: /domain[\\/]validation[\\/](?:card-number|storable)\.ts$/,
                },
                {
                  // The search page's own code and its loader's, in one file.
                  name: 'search-page',
                  priority: 0,
                  test: /src[\\/]features[\\/]catalog[\\/](?:components[\\/]SearchPage|catalog-loaders)\.tsx?$|domain[\\/]catalog[\\/]search-query\.ts$/,
                },
              ],
            },
          },
        },
      },
  // The server renderer bundles React and the router, built for production: the store's
  // process does not set NODE_ENV, and React's development build renders several times slower.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: isSsrBuild
    ? {
        noExternal: [
          'react',
          'react-dom',
          'react-router',
          'scheduler',
          '@lingui/core',
          '@lingui/react',
          // Forms' hooks must call the React bundled here: an external copy imports Node's own
          // React, and its hooks fail ("Invalid hook call") on every page with a form.
          'react-hook-form',
          '@hookform/resolvers',
        ],
      }
    : undefined,
  server: {
    // `npm run dev` serves the app with hot reload; the API runs in `npm start` or `npm run dev:server`.
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/content', '/graphql', '/payment-sandbox'].map((prefix) => [
        prefix,
        API_SERVER,
      ]),
    ),
  },
}));
