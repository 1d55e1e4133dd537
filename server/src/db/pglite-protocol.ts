/**
 * The messages between the store's main thread and the thread that holds the embedded
 * database (`pglite-thread.ts`, `pglite-remote.ts`). Every request carries an id; every reply
 * answers one id (0 answers the start).
 */

export interface ThreadStart {
  readonly dataDir: string;
}

export type ThreadRequest =
  | {
      readonly id: number;
      readonly op: 'query';
      readonly tx?: number;
      readonly text: string;
      readonly params?: unknown[];
      readonly rowMode: 'object' | 'array';
      /** Dates, times and intervals as text (as Drizzle asks), else as PGlite parses them. */
      readonly rawTypes: boolean;
    }
  | { readonly id: number; readonly op: 'exec'; readonly tx?: number; readonly text: string }
  | { readonly id: number; readonly op: 'begin' }
  | { readonly id: number; readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly id: number; readonly op: 'dump' }
  | { readonly id: number; readonly op: 'close' };

/** Spread over the request union: each member without its id. */
export type ThreadCall = ThreadRequest extends infer R
  ? R extends { readonly id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export interface SerializedDbError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  /** The driver's fields (code, severity, detail, table, constraint…) and the statement. */
  readonly fields: Readonly<Record<string, string | number | boolean>>;
}

export type ThreadReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: SerializedDbError };

/** Fields not copied as fields: the three every error has, and a statement's parameters (a buyer's data). */
const LEFT_BEHIND = new Set(['params', 'queryOptions', 'name', 'message', 'stack']);

export function serializeError(error: unknown): SerializedDbError {
  if (!(error instanceof Error))
    return { name: 'Error', message: describeThrown(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (LEFT_BEHIND.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
  };
}

/** The error as the main thread sees it: the same name, message and driver fields. */
export function deserializeError(serialized: SerializedDbError): Error {
  const error = new Error(serialized.message);
  Object.defineProperty(error, 'name', {
    value: serialized.name,
    enumerable: false,
    writable: true,
    configurable: true,
  });
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

/**
 * Words for something thrown that is not an Error: the file system under PGlite throws
 * `{ name: 'ErrnoError', errno }`.
 */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'object' && thrown !== null) {
    const { name, message, errno } = thrown as {
      name?: unknown;
      message?: unknown;
      errno?: unknown;
    };
    if (typeof message === 'string') return message;
    if (typeof name === 'string' && typeof errno === 'number') {
      return `${name} (errno ${String(errno)})`;
    }
    return JSON.stringify(thrown);
  }
  return String(thrown);
}
