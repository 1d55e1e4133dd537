/**
 * What the logs may say (decision 030): a request's address without the secrets and personal
 * data that some addresses carry (authorization codes, tokens, state, hints naming a person),
 * and of a database error only its SQLSTATE and the statement's name: never the values it
 * was given, which are names, addresses, phone numbers and e-mail addresses.
 */
const SECRET_PARAMS = [
  'code',
  'token',
  'state',
  'id_token_hint',
  'login_hint',
  'code_verifier',
  'refresh_token',
  'access_token',
  'password',
  // What a buyer types that may be personal: an address to complete, a search, contact details.
  'term',
  'q',
  'email',
  'phone',
  // A file's name as uploaded (a certificate: 'Dana Reyes licence.pdf').
  'name',
  'poNumber',
  // An order's number is all a visitor needs to follow it (decision 045): kept like a token.
  'orderNumber',
];

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, query)}?${params.toString()}`;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Names of schema objects PostgreSQL attaches to an error (never values). */
const SCHEMA_FIELDS = ['table', 'column', 'constraint', 'schema'] as const;

/** `insert into web_sessions`, `select from orders`: what a statement does and to which table. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim().toLowerCase();
  const identifier = String.raw`"?([a-z_][a-z0-9_$]*)"?(?:\."?([a-z_][a-z0-9_$]*)"?)?`;
  const patterns: readonly [RegExp, string][] = [
    [new RegExp(String.raw`^insert into ${identifier}`), 'insert into'],
    [new RegExp(String.raw`^update ${identifier}`), 'update'],
    [new RegExp(String.raw`^delete from ${identifier}`), 'delete from'],
    [new RegExp(String.raw`^select .*? from ${identifier}`), 'select from'],
  ];
  for (const [pattern, verb] of patterns) {
    const match = pattern.exec(text);
    if (match) return `${verb} ${match[2] ?? match[1] ?? ''}`.trim();
  }
  const first = /^[a-z]+/.exec(text);
  return first ? first[0] : 'statement';
}

interface DatabaseErrorFacts {
  readonly type: 'DatabaseError';
  readonly code: string | undefined;
  readonly statement: string | undefined;
  readonly table?: string;
  readonly column?: string;
  readonly constraint?: string;
  readonly schema?: string;
}

/**
 * The loggable facts of a database error, looking through the errors that wrap it (drizzle's
 * "Failed query" error carries the statement and its parameters; the driver's error carries
 * the SQLSTATE, a message that may quote a value, and a detail that does). Undefined when
 * the error did not come from the database.
 */
export function databaseErrorFacts(error: unknown): DatabaseErrorFacts | undefined {
  let current: unknown = error;
  let statement: string | undefined;
  let found = false;
  let code: string | undefined;
  const names: Partial<Record<(typeof SCHEMA_FIELDS)[number], string>> = {};
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const fields = current as Error & { query?: unknown; code?: unknown; severity?: unknown };
    if (typeof fields.query === 'string') {
      statement ??= statementName(fields.query);
      found = true;
    } else if (current.message.startsWith('Failed query:')) {
      statement ??= statementName(current.message.slice('Failed query:'.length));
      found = true;
    }
    if ('severity' in current && typeof fields.code === 'string' && SQLSTATE.test(fields.code)) {
      code ??= fields.code;
      found = true;
      for (const field of SCHEMA_FIELDS) {
        const value = (current as unknown as Record<string, unknown>)[field];
        if (typeof value === 'string' && /^[A-Za-z0-9_$.]{1,128}$/.test(value)) {
          names[field] ??= value;
        }
      }
    }
    current = current.cause;
  }
  if (!found) return undefined;
  return { type: 'DatabaseError', code, statement, ...names };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Pino's `err` serializer, with database errors reduced to their facts. */
export function serializeError(error: unknown): SerializedError {
  const facts = databaseErrorFacts(error);
  if (facts) {
    const message = `database error ${facts.code ?? '(no SQLSTATE)'} in ${facts.statement ?? 'a statement'}`;
    return { ...facts, message, stack: '' };
  }
  if (!(error instanceof Error)) {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
  };
}

/** Logger settings every logger of the store gets: no headers with credentials, no secrets in addresses. */
export const SAFE_LOGGING = {
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: {
    req: (request: { method: string; url: string; ip?: string }) => ({
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    }),
    err: serializeError,
    error: serializeError,
  },
};
