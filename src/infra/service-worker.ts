/**
 * Registers the service worker (sw/sw.ts) once the first page is on screen and the browser is
 * idle (decision 041), so it never competes with the first render, and offers updates to the user instead of
 * swapping the app under them: a new version waits until accepted. workbox-window is
 * loaded then, so it is not part of the first-load JavaScript.
 */
import { whenIdleAfterFirstPaint } from './first-paint';
import { ValueSubject } from './value-subject';
import type { Workbox } from 'workbox-window';

export const updateAvailable$ = new ValueSubject<boolean>(false);

let workbox: Workbox | undefined;

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateAvailable$.next(true);
  });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  await workbox.register();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void whenIdleAfterFirstPaint().then(() => {
    register().catch((error: unknown) => {
      console.error('Service worker registration failed', error);
    });
  });
}

/** Activates the waiting version; the page reloads once it controls it. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}
