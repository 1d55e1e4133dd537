/**
 * Reads a gettext .po catalog into msgid → msgstr (the server cannot import locales/po.ts:
 * the server's TypeScript projects do not include locales/). Entries with a context or
 * plural forms are not used by Lingui's catalogs here; a `msgctxt` entry is skipped.
 */
function unquote(text: string): string {
  return JSON.parse(text.trim()) as string;
}

export function parsePoCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgctxt' | 'msgid' | 'msgstr' | undefined;
  let context = false;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid !== '' && !context) entries.set(msgid, msgstr);
    msgid = '';
    msgstr = '';
    context = false;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('msgctxt ')) {
      flush();
      field = 'msgctxt';
      context = true;
    } else if (line.startsWith('msgid ')) {
      if (field !== 'msgctxt') flush();
      field = 'msgid';
      msgid = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      msgstr = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid += unquote(line);
      else if (field === 'msgstr') msgstr += unquote(line);
    } else if (line.startsWith('#')) {
      field = undefined;
    }
  }
  flush();
  return entries;
}
