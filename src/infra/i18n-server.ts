/**
 * The messages a server-rendered page is sent with (decision 043): those its render used, and
 * those of the code every page runs before it hydrates (the frame's menus, notices and
 * dialogs, which may show right after). The browser hydrates with them and loads the rest of
 * the catalog once the page is on screen (src/infra/i18n.ts).
 */
import { i18n, type Messages } from '@lingui/core';

type Translate = typeof i18n._;

let recording: Set<string> | undefined;
let installed = false;
/**
 * The strings of the scripts every page loads before hydrating. Each quote may open one (the
 * closing quote is not consumed), so a string is found whatever precedes it.
 */
let firstLoadStrings: ReadonlySet<string> = new Set();
const firstLoadIds = new Map<string, readonly string[]>();

/** Takes the text of the scripts every page loads before hydrating (the built page's own). */
export function setFirstLoadCode(code: string): void {
  firstLoadStrings = new Set(
    Array.from(code.matchAll(/[`"']([^`"'\\\s]{1,100})(?=[`"'])/g), (match) => match[1] ?? ''),
  );
  firstLoadIds.clear();
}

/** Every translation goes through here on the server, so a render's messages can be noted. */
function install(): void {
  if (installed) return;
  installed = true;
  const translate = i18n._.bind(i18n);
  const noted = ((id: string | { id: string }, ...rest: unknown[]) => {
    recording?.add(typeof id === 'string' ? id : id.id);
    return (translate as (...args: unknown[]) => string)(id, ...rest);
  }) as Translate;
  Object.assign(i18n, { _: noted, t: noted });
}

/** The ids of a catalog that the first-load scripts name (as a string: `id:"…"`). */
function idsInFirstLoad(language: string, catalog: Messages): readonly string[] {
  let ids = firstLoadIds.get(language);
  if (!ids) {
    ids = Object.keys(catalog).filter((id) => firstLoadStrings.has(id));
    firstLoadIds.set(language, ids);
  }
  return ids;
}

/** Renders (synchronously) and returns the result with the messages the page needs. */
export function renderWithMessages<T>(render: () => T): { result: T; messages: Messages } {
  install();
  const used = new Set<string>();
  recording = used;
  let result: T;
  try {
    result = render();
  } finally {
    recording = undefined;
  }
  const catalog = i18n.messages;
  const messages: Messages = {};
  for (const id of idsInFirstLoad(i18n.locale, catalog)) messages[id] = catalog[id] ?? [id];
  // A message the catalog lacks renders as its id (Lingui's fallback): the browser must too.
  for (const id of used) messages[id] = catalog[id] ?? [id];
  return { result, messages };
}
