/**
 * The built-in header and footer content (fallback-content.ts), loaded only when a
 * storefront's regional content could not be (SPEC 8: used silently). The storefront's
 * loader starts it as soon as it knows; the server renderer has it before it renders.
 */
import type * as FallbackContent from './fallback-content';

export type FallbackContentModule = typeof FallbackContent;

let loaded: FallbackContentModule | undefined;
let loading: Promise<FallbackContentModule> | undefined;

export function loadFallbackContent(): Promise<FallbackContentModule> {
  loading ??= import('./fallback-content').then((module) => (loaded = module));
  return loading;
}

/** The module, once loaded. */
export function fallbackContentLoaded(): FallbackContentModule | undefined {
  return loaded;
}
