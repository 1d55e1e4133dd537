/**
 * What the logs may say about a request: its address without the secrets that some
 * addresses carry (authorization codes, tokens, state, id_token hints).
 */
const SECRET_PARAMS = [
  'code',
  'token',
  'state',
  'id_token_hint',
  'code_verifier',
  'refresh_token',
  'access_token',
  'password',
];

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, query)}?${params.toString()}`;
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
  },
};
