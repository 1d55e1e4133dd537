/**
 * A buyer's cart as the store holds it, and emptying it within a test (a test's buyers are its
 * own, decision 067, so no test empties a cart another left): the lines are removed on the
 * cart page, and the helper waits until the store itself holds the buyer's cart empty.
 */
import type { Page } from '@playwright/test';
import { cartStreamKind } from '../../../domain/cart/stream';
import { expect } from '../fixtures';

/** The lines of the buyer's latest cart in this storefront, as the store has them. */
export async function storedLines(page: Page, locale: string, origin: string): Promise<number> {
  const current = await page.request.get(`${origin}/api/carts/current?locale=${locale}`);
  if (!current.ok()) return -1;
  const { cartId } = (await current.json()) as { cartId: string | null };
  if (!cartId) return 0;
  const pulled = await page.request.get(`${origin}/api/carts/${cartId}?after=0`);
  if (!pulled.ok()) return -1;
  const { events } = (await pulled.json()) as { events: { event: { type: string; v: number } }[] };
  let state = cartStreamKind.initialState();
  for (const { event } of events) {
    state = cartStreamKind.evolve(state, cartStreamKind.upcast(event as never));
  }
  return state.lines.length;
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
