/**
 * A buyer's cart as the store holds it, and emptying it within a test (a test's buyers are its
 * own, decision 067, so no test empties a cart another left): the lines are removed on the
 * cart page, and the helper waits until the store itself holds the buyer's cart empty.
 */
import type { Page } from '@playwright/test';
import { cartStreamKind } from '../../../domain/cart/stream';
import { expect } from '../fixtures';

/** The buyer's latest cart in this storefront as the store has it, or null when it is not read. */
async function storedCart(page: Page, locale: string, origin: string) {
  const current = await page.request.get(`${origin}/api/carts/current?locale=${locale}`);
  if (!current.ok()) return null;
  const { cartId } = (await current.json()) as { cartId: string | null };
  if (!cartId) return cartStreamKind.initialState();
  const pulled = await page.request.get(`${origin}/api/carts/${cartId}?after=0`);
  if (!pulled.ok()) return null;
  const { events } = (await pulled.json()) as { events: { event: { type: string; v: number } }[] };
  let state = cartStreamKind.initialState();
  for (const { event } of events) {
    state = cartStreamKind.evolve(state, cartStreamKind.upcast(event as never));
  }
  return state;
}

/** The lines of the buyer's latest cart in this storefront, as the store has them. */
export async function storedLines(page: Page, locale: string, origin: string): Promise<number> {
  return (await storedCart(page, locale, origin))?.lines.length ?? -1;
}

/** The items (the lines' quantities added up) of that cart, as the store has them. */
export async function storedItems(page: Page, locale: string, origin: string): Promise<number> {
  const cart = await storedCart(page, locale, origin);
  return cart ? cart.lines.reduce((sum, line) => sum + line.quantity, 0) : -1;
}

/** Removes every line of the signed-in buyer's cart, and waits until the store has it so. */
export async function emptyCart(page: Page, locale: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/${locale}/cart`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Shopping Cart');
  await expect(page.getByText('Loading your cart…')).toHaveCount(0);
  // The cart from the server (an earlier session's) has arrived.
  await page.waitForLoadState('networkidle');
  const remove = page.getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) {
    const before = await remove.count();
    await remove.first().click();
    await expect(remove).toHaveCount(before - 1);
  }
  await expect.poll(() => storedLines(page, locale, origin), { timeout: 15_000 }).toBe(0);
}
