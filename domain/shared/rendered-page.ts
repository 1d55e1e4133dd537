/**
 * What the server renderer (src/entry-server.tsx) answers for a page request, as the server
 * (server/src/plugins/ssr.ts) sends it on (decision 038): one definition for both sides.
 */
export type RenderedPage =
  | {
      readonly kind: 'page';
      readonly status: number;
      /** The language of the page's content (en, fr, nl or es; SPEC 2.2), for <html lang>. */
      readonly lang: string;
      /** Title, meta and link elements the page rendered, for <head>. */
      readonly head: string;
      readonly body: string;
      /** The routes' loader data, as JSON, for hydration. */
      readonly data: string;
      /** The messages the page shows, as JSON, to hydrate with before the catalog loads. */
      readonly messages: string;
    }
  | { readonly kind: 'redirect'; readonly status: number; readonly location: string }
  /** This address is the browser's to render (the root, sign-in callbacks, unknown hosts). */
  | { readonly kind: 'browser' };
