/**
 * The browser's Background Sync for the sync engine (decision 066): a one-off sync
 * registered on the service worker's registration when commands wait for the connection,
 * and the page's answers to the worker's `sync` event, which asks it to send the outbox
 * now. Absent where the browser has no Background Sync (Firefox, Safari): the engine's own
 * triggers send the outbox there.
 */
import { flushAnswer, isFlushRequest, OUTBOX_SYNC_TAG } from '../../../domain/sync/background-sync';
import type { BackgroundSyncLike } from './sync-engine';

/** The Background Sync API's part used here (not in TypeScript's DOM library). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export function browserBackgroundSync(): BackgroundSyncLike | undefined {
  if (typeof window === 'undefined' || !('SyncManager' in window)) return undefined;
  if (!('serviceWorker' in navigator)) return undefined;
  const container = navigator.serviceWorker;
  return {
    request() {
      // No registration yet (the worker installs once the first page is idle), or one not
      // active: the engine's 'online' trigger sends instead.
      void container
        .getRegistration()
        .then(async (registration) => {
          const sync = (registration as { sync?: SyncManagerLike } | undefined)?.sync;
          if (!registration?.active || !sync) return;
          await sync.register(OUTBOX_SYNC_TAG);
        })
        .catch((error: unknown) => {
          // Refused (the person blocked background sync for the site): the other triggers stay.
          console.warn('Background sync could not be registered.', error);
        });
    },
    onFlushRequest(send) {
      const listener = (event: MessageEvent) => {
        const [port] = event.ports;
        if (!isFlushRequest(event.data) || !port) return;
        void send().then(
          (result) => {
            port.postMessage(flushAnswer(result));
          },
          () => {
            port.postMessage(flushAnswer({ sent: 0, complete: false }));
          },
        );
      };
      container.addEventListener('message', listener);
      // Messages from the worker wait until the page says it listens.
      container.startMessages();
      return () => {
        container.removeEventListener('message', listener);
      };
    },
  };
}
