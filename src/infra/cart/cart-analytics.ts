/**
 * The data layer's cart events (SPEC 3 analytics product entry), from what the sync engine
 * reports of every cart command decided here: screens never push analytics themselves.
 */
import { cartChangeEvents } from '../../../domain/analytics/cart-changes';
import type { AddToCartSource } from '../../../domain/analytics/ecommerce';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartState } from '../../../domain/cart/state';
import { cartStreamKind } from '../../../domain/cart/stream';
import { pushEvent } from '../analytics';
import type { SyncEngine } from '../sync/sync-engine';

/** What a screen says about a cart command (the note passed with it). */
export interface CartNote {
  readonly source?: AddToCartSource;
  readonly currency: string;
}

export function trackCartAnalytics(engine: SyncEngine): { unsubscribe(): void } {
  return engine.applied$.subscribe((applied) => {
    if (applied.kind !== cartStreamKind.name) return;
    const note = applied.note as CartNote | undefined;
    if (!note) return;
    for (const event of cartChangeEvents(
      applied.events as readonly CartEvent[],
      applied.before as CartState,
      note.currency,
      note.source,
    )) {
      pushEvent({ ...event });
    }
  });
}
