/**
 * What the server tells the browser at start (GET /api/bootstrap): the visitor's country if a
 * proxy identified it, whether the visitor's country is unknown altogether (for the 'Hello!'
 * greeting), the flag values for the visitor's context (the LaunchDarkly bootstrap format) and
 * the public configuration.
 */
import * as z from 'zod/mini';
import { LOCALES } from '../storefront/storefronts';

export const bootstrapQuerySchema = z.object({ locale: z.enum(LOCALES) });

export const bootstrapSchema = z.object({
  country: z.nullable(z.string().check(z.regex(/^[A-Z]{2}$/))),
  /**
   * Neither the proxy named the visitor's country nor does their browser's preferred language
   * name one of the store's countries (SPEC 2.3, decision 013): the 'Hello!' modal shows.
   * Absent from an answer kept on a device from before it existed: no greeting then.
   */
  countryUnknown: z.optional(z.boolean()),
  flags: z.record(z.string(), z.unknown()),
  config: z.object({
    launchDarklyClientSideId: z.nullable(z.string()),
    gtmContainerId: z.nullable(z.string()),
    storefrontHosts: z.record(z.string(), z.enum(LOCALES)),
    /** The OpenID provider the browser signs in with in token mode. */
    identity: z.object({
      issuer: z.string(),
      clientId: z.string(),
      apiResource: z.string(),
    }),
  }),
});

export type Bootstrap = z.output<typeof bootstrapSchema>;
