/**
 * The people the fuzzer sends requests as: a visitor and two demo buyers signed in over HTTP
 * (the store's server-session sign-in, as a browser does it). Each buyer first gets records
 * that carry a distinctive marker (names, an address, a phone number, a saved cart, a cart
 * line, and for one of them an order), so that any of it in another person's answer shows.
 */
import { randomUUID } from 'node:crypto';
import { cartStreamKind } from '../../domain/cart/stream';
import { checkoutCartOf } from '../../domain/checkout/cart-snapshot';
import type { CheckoutFacts } from '../../domain/checkout/facts';
import type { StoredShape } from '../../domain/sync/stream-kind';
import { DEMO_USERS } from '../../server/src/auth/demo-users';
import { HttpSession } from '../../tests/support/http-session';

export interface Buyer {
  readonly session: HttpSession;
  readonly userId: string;
  readonly email: string;
  readonly locale: string;
  /** Letters that appear in this buyer's names, address, phone-book entry and saved cart. */
  readonly marker: string;
  /** The ids of this buyer's records (carts, checkout, order, address, saved cart). */
  readonly ids: string[];
  /** Everything that is this buyer's only: the marker, the ids, the email, the phone. */
  readonly secrets: string[];
  readonly orderNumber: string | null;
}

/** Signs in over HTTP through the store's sign-in page's endpoints. */
export async function signIn(
  origin: string,
  email: string,
  password: string,
): Promise<HttpSession> {
  const session = new HttpSession(origin);
  const { url } = await session.follow('/auth/login?locale=en-gb&returnTo=%2Fen-gb%2F', (u) =>
    u.pathname.endsWith('/login'),
  );
  const uid = url.searchParams.get('interaction') ?? '';
  const login = await session.request(`/oidc-interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) {
    throw new Error(`Sign-in of ${email} answered ${String(login.status)}: ${await login.text()}`);
  }
  const { redirectTo } = (await login.json()) as { redirectTo: string };
  await session.follow(redirectTo, (u) => u.pathname === '/en-gb/');
  const me = await session.request('/store/customer/current');
  if (me.status !== 200) throw new Error(`${email} has no session after sign-in`);
  return session;
}

/** Letters only (names take letters), from the seed. */
export function markerOf(seed: number, who: string): string {
  let x = (seed ^ (who === 'a' ? 0x9e3779b9 : 0x7f4a7c15)) >>> 0;
  let out = 'Qx';
  for (let i = 0; i < 10; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out += String.fromCharCode(97 + (x % 26));
  }
  return out;
}

export class Api {
  constructor(
    readonly session: HttpSession,
    readonly origin: string,
  ) {}

  async send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.session.request(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) {
      throw new Error(
        `${method} ${url} answered ${String(response.status)}: ${text.slice(0, 500)}`,
      );
    }
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /** One stream command, confirmed. */
  async command(path: string, type: string, data: unknown, expectedVersion: number) {
    const commandId = randomUUID();
    const answer = (await this.send('POST', path, {
      clientId: `fuzz-${commandId}`,
      seq: 1,
      commandId,
      expectedVersion,
      command: { type, data, metadata: { commandId, now: new Date().toISOString() } },
    })) as { status: string; version: number; code?: string };
    if (answer.status !== 'confirmed') {
      throw new Error(`${type} on ${path} was ${answer.status}: ${JSON.stringify(answer)}`);
    }
    return answer;
  }
}

interface Place {
  readonly locale: string;
  readonly product: string;
  readonly address: Record<string, string>;
  readonly bookAddress: Record<string, unknown>;
}

const PLACES: Record<'a' | 'b', Place> = {
  // Sam Okafor's store and account (the Riverside clinic, paid by purchase order).
  a: {
    locale: 'en-gb',
    product: 'MCS5-KIT',
    address: {
      organization: 'Riverside Child Development Clinic',
      line1: '22 Riverside Walk',
      town: 'Leeds',
      region: 'LDS',
      postalCode: 'LS1 4AP',
      country: 'GB',
      phone: '+441134960817',
    },
    bookAddress: {
      phone: { country: 'GB', number: '0113 496 0817' },
      address: {
        country: 'GB',
        region: 'LDS',
        town: 'Leeds',
        line1: '22 Riverside Walk',
        postalCode: 'LS1 4AP',
      },
    },
  },
  // Dana Reyes's store.
  b: {
    locale: 'en-us',
    product: 'WRI3-KIT',
    address: {},
    bookAddress: {
      phone: { country: 'US', number: '(608) 262-1592' },
      address: {
        country: 'US',
        region: 'WI',
        town: 'Madison',
        line1: '500 Lincoln Drive',
        postalCode: '53706',
      },
    },
  },
};

/** Signs the buyer in and gives them records that carry their marker. */
export async function prepareBuyer(origin: string, who: 'a' | 'b', seed: number): Promise<Buyer> {
  const demo = who === 'a' ? DEMO_USERS[1] : DEMO_USERS[0];
  const session = await signIn(origin, demo.email, demo.password);
  const api = new Api(session, origin);
  const place = PLACES[who];
  const marker = markerOf(seed, who);
  const me = (await api.send('GET', '/store/customer/current')) as { id: string };
  const ids: string[] = [];

  const entry = (await api.send('POST', '/api/me/addresses', {
    firstName: `Zed${marker}`,
    lastName: `Yor${marker}`,
    organization: `Clinic ${marker}`,
    ...place.bookAddress,
    address: { ...(place.bookAddress.address as object), line2: `Suite ${marker}` },
  })) as { id: string };
  ids.push(entry.id);

  const savedCartId = randomUUID();
  await api.command(
    '/api/saved-carts/commands',
    'SaveCart',
    {
      savedCartId,
      name: `Saved ${marker}`,
      description: `Kept by ${marker}`,
      lines: [{ code: place.product, name: 'Kit', programName: 'Program', quantity: 2 }],
    },
    0,
  );
  ids.push(savedCartId);

  const cartId = randomUUID();
  await api.command(
    `/api/carts/${cartId}/commands?locale=${place.locale}`,
    'AddItem',
    { code: place.product, quantity: 3 },
    0,
  );
  ids.push(cartId);

  let orderNumber: string | null = null;
  if (who === 'a') {
    const order = await placeOrder(api, place, marker);
    ids.push(...order.ids);
    orderNumber = order.orderNumber;
  }
  for (const list of ['/api/me/accounts', '/api/me/payment-methods']) {
    const { items } = (await api.send('GET', list)) as { items: { id: string }[] };
    // Accounts are shared with colleagues; only the cards are this buyer's alone.
    if (list.endsWith('payment-methods')) ids.push(...items.map((i) => i.id));
  }
  const phone = who === 'a' ? '4960817' : '2621592';
  return {
    session,
    userId: me.id,
    email: demo.email,
    locale: place.locale,
    marker,
    ids,
    secrets: [marker, me.id, demo.email, phone, ...ids],
    orderNumber,
  };
}

/** A new cart of one product, and a checkout of it started: the checkout's id and version. */
export async function startCheckout(api: Api, locale: string, product: string) {
  const cartId = randomUUID();
  await api.command(
    `/api/carts/${cartId}/commands?locale=${locale}`,
    'AddItem',
    { code: product, quantity: 1 },
    0,
  );
  const pulled = (await api.send('GET', `/api/carts/${cartId}`)) as {
    version: number;
    events: { event: StoredShape }[];
  };
  let state = cartStreamKind.initialState();
  for (const { event } of pulled.events) {
    state = cartStreamKind.evolve(state, cartStreamKind.upcast(event));
  }
  const cart = checkoutCartOf(state, pulled.version);
  const checkoutId = randomUUID();
  const { version } = await api.command(
    `/api/checkouts/${checkoutId}/commands?locale=${locale}`,
    'StartCheckout',
    { cart },
    0,
  );
  return { cartId, checkoutId, version };
}

/** A cart, a checkout of it with a purchase order, and the order placed. */
async function placeOrder(api: Api, place: Place, marker: string) {
  const started = await startCheckout(api, place.locale, place.product);
  const { cartId, checkoutId } = started;
  const facts = (await api.send(
    'GET',
    `/api/checkout/facts?locale=${place.locale}`,
  )) as CheckoutFacts;
  const account = facts.accounts.find((a) => a.number === '4821');
  const user = account?.qualifiedUsers.find((u) => u.level);
  if (!account || !user) throw new Error('The demo buyer has no Riverside account');
  const commands: { type: string; data: unknown }[] = [
    { type: 'ChooseCustomerAccount', data: { accountId: account.id } },
    { type: 'ChooseQualifiedUser', data: { userId: user.userId } },
    {
      type: 'ChooseShippingAddress',
      data: {
        address: { ...place.address, firstName: `Zed${marker}`, lastName: `Yor${marker}` },
        saveToAddressBook: false,
      },
    },
    { type: 'ChooseShippingMethod', data: { method: 'regular' } },
    { type: 'ChooseBillingAddress', data: { sameAsShipping: true } },
    {
      type: 'ChoosePayment',
      data: {
        method: 'purchase-order',
        poNumber: `PO-${marker.slice(2, 8).toUpperCase()}`,
        invoiceContact: {
          firstName: `Zed${marker}`,
          lastName: `Yor${marker}`,
          email: `${marker.toLowerCase()}@riverside.example`,
          phone: { countryIso: 'GB', phoneCode: '44', e164: '+441134960817' },
        },
      },
    },
  ];
  let version = started.version;
  for (const command of commands) {
    version = (
      await api.command(
        `/api/checkouts/${checkoutId}/commands?locale=${place.locale}`,
        command.type,
        command.data,
        version,
      )
    ).version;
  }
  const placed = (await api.send(
    'POST',
    `/api/checkouts/${checkoutId}/place-order?locale=${place.locale}`,
    { termsAccepted: true, checkoutVersion: version },
    { 'idempotency-key': randomUUID() },
  )) as { order: { orderId: string; orderNumber?: string | null; webReference: string } };
  return {
    ids: [cartId, checkoutId, placed.order.orderId],
    orderNumber: placed.order.orderNumber ?? placed.order.webReference,
  };
}
