/**
 * Small typed access to localStorage and sessionStorage that never throws: storage can be
 * full, blocked by privacy settings or missing, and the store must keep working.
 */

type Area = 'local' | 'session';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(kind: Area, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: Area, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Full or blocked: the value only lasts for this page.
  }
}

export function removeItem(kind: Area, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function readJson<T>(kind: Area, key: string, parse: (value: unknown) => T): T | null {
  const text = readItem(kind, key);
  if (text === null) return null;
  try {
    return parse(JSON.parse(text));
  } catch {
    return null;
  }
}
