/**
 * Addresses without a storefront (decision 042). The server sends them to one before any
 * script runs, so the page that opens is a server-rendered storefront page:
 * - the root `/`: to the storefront used last (its cookie), else the host's, else the one for
 *   the visitor's country and language, else en-us (domain/storefront/entry-locale.ts);
 * - any other page on a host configured for a storefront: to that page below the storefront,
 *   except the addresses that belong to no storefront (the sign-in return, /en/login).
 * The installed app's worker answers these addresses itself and decides the same way.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptedLanguages,
  belongsToNoStorefront,
  entryLocale,
  PREVIOUS_LOCALE_COOKIE,
} from '../../../domain/storefront/entry-locale';
import { resolveLocale, type HostLocales } from '../../../domain/storefront/resolve-locale';

export interface StorefrontEntryOptions {
  /** Hosts that serve one storefront (STOREFRONT_HOSTS). */
  readonly storefrontHosts: HostLocales;
  /** The request header a proxy sets to the visitor's country. */
  readonly countryHeader: string | undefined;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Where a page request without a storefront goes, or undefined when it has one. */
export function storefrontEntry(
  request: FastifyRequest,
  { storefrontHosts, countryHeader }: StorefrontEntryOptions,
): string | undefined {
  const [pathname = '/', query] = request.url.split(/\?(.*)/s);
  const search = query === undefined ? '' : `?${query}`;
  const host = request.host;
  if (pathname === '/') {
    const locale = entryLocale({
      remembered: request.cookies[PREVIOUS_LOCALE_COOKIE],
      host,
      hosts: storefrontHosts,
      country: countryHeader ? firstHeader(request.headers[countryHeader])?.trim() : undefined,
      languages: acceptedLanguages(firstHeader(request.headers['accept-language'])),
    });
    return `/${locale}/${search}`;
  }
  if (belongsToNoStorefront(pathname)) return undefined;
  const resolved = resolveLocale({ host, pathname }, storefrontHosts);
  return resolved.source === 'host' ? `/${resolved.locale}${resolved.rest}${search}` : undefined;
}

/** Sends the redirect; it depends on who asks, so no cache keeps it. */
export async function redirectToStorefront(
  reply: FastifyReply,
  location: string,
  countryHeader: string | undefined,
): Promise<void> {
  reply
    .header('cache-control', 'no-store')
    .header('vary', ['cookie', 'accept-language', countryHeader].filter(Boolean).join(', '));
  await reply.redirect(location, 302);
}
