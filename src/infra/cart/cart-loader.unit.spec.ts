/**
 * The shell's mirror of the cart store (cart-loader.ts): the store's code comes in steps,
 * and what the header and the notices show follows the store once it is there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SyncNotice } from '../sync/sync-engine';
import {
  cartMergeOffer$,
  cartNotices$,
  cartQueued$,
  cartSetAside$,
  cartSummary$,
  loadCartStore,
} from './cart-loader';

describe('loadCartStore', () => {
  afterAll(async () => {
    (await loadCartStore()).close();
  });

  it('loads one store, however many screens ask for it at once', async () => {
    const [first, second] = await Promise.all([loadCartStore(), loadCartStore()]);
    expect(second).toBe(first);
  });

  it("mirrors the store's summary, waiting changes and merge offer for the shell", async () => {
    const store = await loadCartStore();
    expect(cartSummary$.getValue()).toMatchObject({ lines: [] });
    store.queued$.next(2);
    store.setAside$.next(1);
    expect(cartQueued$.getValue()).toBe(2);
    expect(cartSetAside$.getValue()).toBe(1);
    expect(cartMergeOffer$.getValue()).toBeNull();
  });

  it("passes the sync engine's notices on to the shell", async () => {
    const store = await loadCartStore();
    const seen: SyncNotice[] = [];
    const subscription = cartNotices$.subscribe((notice) => seen.push(notice));
    const notice: SyncNotice = {
      streamId: 'cart-1',
      commandId: 'c-1',
      code: 'cart.refused',
      message: { id: 'cart.refused', message: 'Refused' },
    };
    store.engine.notices$.next(notice);
    subscription.unsubscribe();
    expect(seen).toEqual([notice]);
  });
});
