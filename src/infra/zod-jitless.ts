/**
 * Zod checks at its first parse whether it may compile code (`new Function`), which the
 * store's content security policy forbids: Chrome then reports a CSP violation on every page
 * (Lighthouse's best practices count it). Told up front not to try, it parses as it would
 * anyway, without compiling. Imported first by the browser's entry, before any schema exists.
 *
 * Zod keeps its settings in one object on globalThis (`z.config()` returns it), created on
 * first load unless it is already there. Setting it here, rather than calling `z.config`, keeps
 * zod out of the first load (importing it for this alone costs 3.8 KB gzip);
 * zod-jitless.unit.spec.ts proves that zod takes the setting.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;
