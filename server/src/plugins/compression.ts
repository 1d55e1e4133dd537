/**
 * Compresses the store's dynamic answers (issue 17, decision 039): the API's JSON and the
 * pages a handler sends as a string. Brotli when the client accepts it, else gzip, else the
 * answer as it is. One hook for the whole app, so answers of the not-found handler (the page
 * of every client-side route) and of the error handler are compressed like any route's.
 *
 * Left alone: streams (the static files, which are sent precompressed from their .br and .gz
 * copies, and any event stream), answers that already have a Content-Encoding, event streams,
 * HEAD, 204, 206 and 304, answers under the threshold, and `Cache-Control: no-transform`.
 * Replies a route takes over (`reply.hijack()`, the embedded OpenID provider) never reach a
 * hook, so they are never touched either.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESSION = {
  /** Smaller answers gain less than the bytes of the headers that say they are compressed. */
  thresholdBytes: 1024,
  /**
   * 5: 6-10 % smaller than 4 at about the same cost, 0.2 ms for the 77 KB catalog index on
   * this machine; 11 is 12-14 % smaller again but takes 76 ms for it (decision 039).
   */
  brotliQuality: 5,
  /** zlib's default level: within 4 % of 9's size on these answers, and a little faster. */
  gzipLevel: 6,
  /**
   * Larger answers are compressed on libuv's thread pool instead of the event loop. Below it,
   * compressing in place is cheaper: the hop to the pool cost the 77 KB catalog index 4 ms at
   * the median on a busy machine, compressing it in place 0.7 ms.
   */
  syncLimitBytes: 1024 * 1024,
} as const;

/** In order of preference; what the client does not accept is sent as it is. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
type Encoding = (typeof ENCODINGS)[number];

/** Text, JSON, XML, JavaScript and SVG; never an event stream (it must reach the client as sent). */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i;

/** Statuses whose answer has no body, or a byte range of the unencoded body. */
const UNTOUCHED_STATUSES = new Set([204, 206, 304]);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compressBody(encoding: Encoding, body: Buffer): Buffer | Promise<Buffer> {
  const sync = body.length <= COMPRESSION.syncLimitBytes;
  if (encoding === 'br') {
    const options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    };
    return sync ? brotliCompressSync(body, options) : brotliAsync(body, options);
  }
  const options = { level: COMPRESSION.gzipLevel };
  return sync ? gzipSync(body, options) : gzipAsync(body, options);
}

/** The answer's body if it is one that may be compressed, else undefined. */
function compressibleBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Buffer | undefined {
  if (request.method === 'HEAD' || UNTOUCHED_STATUSES.has(reply.statusCode)) return undefined;
  // Streams (files, event streams) are left as they are.
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return undefined;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return undefined;
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl === 'string' && /\bno-transform\b/i.test(cacheControl)) return undefined;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return body.length < COMPRESSION.thresholdBytes ? undefined : body;
}

/** Adds Accept-Encoding to Vary, keeping what is there. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const body = compressibleBody(request, reply, payload);
    if (!body) return payload;
    // Whatever the client accepts, the answer depends on it: shared caches must know.
    varyOnAcceptEncoding(reply);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted
      ? negotiate(accepted.replace(/\bx-gzip\b/gi, 'gzip'), ENCODINGS)
      : null;
    if (!encoding) return payload;
    const compressed = await compressBody(encoding, body);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
