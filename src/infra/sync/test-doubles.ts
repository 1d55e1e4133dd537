/**
 * Test doubles for the sync engine's integration tests: the network as the shipped
 * transport sees it (a fetch answered by the server's `app.inject`, which can be cut off),
 * the browser's Web Locks for several tabs of one page, and the products a test can always
 * add. Only tests import this.
 */
import type { CartProduct } from '../../../domain/cart/context';
import { ApiError } from '../api';
import type { LockManagerLike } from './sync-engine';
import { transportOver, type SyncTransport } from './transport';

/** The part of Fastify's `inject` the network uses. */
export type Inject = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; body: string }>;

export interface NetworkOptions {
  /** The cookie each request carries (read per request: a test may change it). */
  readonly cookie: () => string;
  /** Before a push is sent: throw to fail it (a status), or return nothing. */
  readonly beforePush?: (body: string | undefined) => void;
  /** After the server answered: true loses the answer (the request did reach the server). */
  readonly loseAnswer?: (method: 'GET' | 'POST', body: string | undefined) => boolean;
  /** Send each push twice (a duplicated request); the second answer is the one returned. */
  readonly duplicate?: () => boolean;
}

/** The shipped transport over `inject`, offline until `state.online` is set. */
export function injectNetwork(
  inject: () => Inject,
  options: NetworkOptions,
): { state: { online: boolean }; transport: SyncTransport } {
  const state = { online: false };
  const fetcher = async (path: string, init?: RequestInit): Promise<Response> => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const method = init?.method === 'POST' ? 'POST' : 'GET';
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (method === 'POST') options.beforePush?.(body);
    const send = () =>
      inject()({
        method,
        url: path,
        headers: {
          cookie: options.cookie(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: body } : {}),
      });
    let response = await send();
    if (method === 'POST' && options.duplicate?.()) response = await send();
    if (options.loseAnswer?.(method, body)) throw new TypeError('Failed to fetch');
    if (response.statusCode >= 400) throw new ApiError(response.statusCode, null);
    return new Response(response.body, { status: response.statusCode });
  };
  return { state, transport: transportOver(fetcher) };
}

/** Web Locks for the tabs of one browser: a named lock is held by one callback at a time. */
export function tabLocks(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null);
        throw new Error('this double only knows ifAvailable');
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

/** A product any cart takes one of: sold and orderable online, in stock, priced, no minimum. */
export function isPlainlyOrderable(p: CartProduct): boolean {
  return (
    p.soldOnline &&
    p.orderableOnline &&
    p.stock !== 0 &&
    p.minOrderQuantity === null &&
    p.unitPriceMinor !== null
  );
}
