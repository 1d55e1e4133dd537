/**
 * Reads a gettext .po catalog into msgid → msgstr, with pofile (the parser Lingui's own CLI
 * writes and reads its catalogs with): the server's mail translations and the catalog
 * checks in locales/ read the catalogs through this one module. It lives in the server
 * because the server's TypeScript projects and its bundle hold server/ and domain/ only,
 * while the checks in locales/ may import from the server (as they import its config).
 *
 * The catalog's header and obsolete (`#~`) entries are left out. An entry with a context
 * (`msgctxt`) is keyed gettext's way, context and msgid joined by U+0004, so it is counted
 * and never mistaken for an explicit id. Lingui keeps plurals inside one ICU message; an
 * entry with gettext plural forms reads as its first form.
 */
import PO from 'pofile';

const CONTEXT_SEPARATOR = '\u0004';

export function readPoCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const item of PO.parse(text).items) {
    if (item.obsolete || item.msgid === '') continue;
    const key = item.msgctxt ? `${item.msgctxt}${CONTEXT_SEPARATOR}${item.msgid}` : item.msgid;
    entries.set(key, item.msgstr[0] ?? '');
  }
  return entries;
}
