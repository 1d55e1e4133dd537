/**
 * Loads a storefront's regional content (SPEC 7.1): main navigation and footer as JSON, their
 * editable markup when the editable header and footer flag is on (the checkout copy is in
 * checkout-copy.ts, loaded with checkout).
 * Every response is checked; any failure gives null and the caller keeps its built-in
 * content (SPEC 8: header and footer silently, checkout copy with an 'AEM error' log).
 * Markup is sanitized here, before anything can put it in the page. The schemas (and zod) are
 * loaded with the first answer to check, not with the page: a server-rendered page hands its
 * content over already checked (decision 041).
 */
import type * as z from 'zod/mini';
import type { FooterContent, NavContent } from '../../domain/content/schemas';
import { contentUrl, type ContentFile } from '../../domain/content/paths';
import { storefrontAddresses } from '../../domain/storefront/addresses';
import type { Locale } from '../../domain/storefront/storefronts';
import { httpFetch, pageOrigin } from './http';
import { sanitizeHtml } from './sanitize';

const TIMEOUT_MS = 8_000;

function marketingRoot(locale: Locale): string {
  return storefrontAddresses(locale, { origin: pageOrigin() }).marketingSiteRoot;
}

async function fetchOk(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await httpFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

function contentSchemas() {
  return import('../../domain/content/schemas');
}

async function loadJson<S extends z.ZodMiniType>(
  locale: Locale,
  file: ContentFile,
  schema: () => Promise<S>,
): Promise<z.output<S> | null> {
  try {
    const [response, parser] = await Promise.all([
      fetchOk(contentUrl(marketingRoot(locale), file), {
        headers: { accept: 'application/json' },
      }),
      schema(),
    ]);
    return parser.parse(await response.json());
  } catch {
    return null; // SPEC 8: built-in content is used silently.
  }
}

async function loadMarkup(locale: Locale, file: ContentFile): Promise<string | null> {
  try {
    const response = await fetchOk(contentUrl(marketingRoot(locale), file), {
      headers: { accept: 'text/html' },
    });
    return await sanitizeHtml(await response.text());
  } catch {
    return null;
  }
}

export function loadNavContent(locale: Locale): Promise<NavContent | null> {
  return loadJson(locale, 'nav', async () => (await contentSchemas()).navContentSchema);
}

export function loadNavMarkup(locale: Locale): Promise<string | null> {
  return loadMarkup(locale, 'navMarkup');
}

export function loadFooterContent(locale: Locale): Promise<FooterContent | null> {
  return loadJson(locale, 'footer', async () => (await contentSchemas()).footerContentSchema);
}

export function loadFooterMarkup(locale: Locale): Promise<string | null> {
  return loadMarkup(locale, 'footerMarkup');
}
