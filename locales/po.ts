/** Reads a gettext .po catalog into msgid → msgstr, for the catalog checks. */
function unquote(line: string): string {
  return JSON.parse(line.trim()) as string;
}

export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | undefined;
  let msgid = '';
  let msgstr = '';
  const flush = () => {
    if (msgid !== '') entries.set(msgid, msgstr);
    msgid = '';
    msgstr = '';
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      msgid = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      msgstr = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid += unquote(line);
      else msgstr += unquote(line);
    } else if (line.trim() === '' || line.startsWith('#')) {
      field = line.startsWith('#') ? undefined : field;
    }
  }
  flush();
  return entries;
}
