/**
 * The analytics data layer (SPEC 3, 7.3): `window.dataLayer` always exists, so features can
 * push events; the tag manager script is loaded only when a container id is configured.
 */

type DataLayerEvent = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

export function dataLayer(): DataLayerEvent[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function pushEvent(event: DataLayerEvent): void {
  // Outside a page (the service worker, tests in Node) there is no data layer.
  if (typeof window === 'undefined') return;
  dataLayer().push(event);
}

let loadedContainer: string | undefined;

export function loadTagManager(containerId: string | null): void {
  if (!containerId || loadedContainer === containerId) return;
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(containerId)) return;
  loadedContainer = containerId;
  pushEvent({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.append(script);
}
