/**
 * When a server-rendered page is interactive (issue 31): the frame's parts (header, page,
 * footer) hydrate as tasks of their own, after the root commits (selective hydration), so
 * the first commit is not the moment the page answers input. Each part says when it has
 * hydrated; the page is ready when the root has committed and every part it rendered has.
 */

import { isServer } from './http';

const waiting = new Set<string>();
const whenAll: (() => void)[] = [];
let settled = false;

function settle(): void {
  settled = true;
  for (const done of whenAll.splice(0)) done();
}

/** A part rendered in the first render, to hydrate before the page counts as ready. */
export function expectPart(id: string): void {
  // The server renders parts but never hydrates them: it keeps no list (one per process).
  if (!settled && !isServer) waiting.add(id);
}

/** A part's content has hydrated (or rendered, in a page the browser renders itself). */
export function partHydrated(id: string): void {
  waiting.delete(id);
  if (waiting.size === 0 && whenAll.length > 0) settle();
}

/**
 * Calls `ready` once every part of the first render has hydrated (at once if none waits, or
 * once they have). Called from the effects of the first commit, after the parts' own.
 */
export function whenPartsHydrated(ready: () => void): void {
  whenAll.push(ready);
  if (settled || waiting.size === 0) settle();
}
