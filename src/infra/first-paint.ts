/**
 * When work the first page does not show may start (decision 041): once the storefront's
 * first page has committed and the browser has painted it. Sign-in's check, the cart, live
 * flags and the service worker wait for this, so the JavaScript a first visit downloads and
 * runs before it shows anything is only what it shows. Outside a browser (server rendering)
 * it never comes: none of that work belongs there.
 */

/** If the storefront's frame never commits (an error page), the page counts as painted then. */
const FALLBACK_AFTER_LOAD_MS = 2_000;

/**
 * If the frame has committed but its parts are still hydrating (a slow phone, a busy host),
 * the page counts as painted only this long after the load: the work that waits for the
 * first paint would otherwise compete with the hydration it waits for.
 */
const HYDRATING_FALLBACK_AFTER_LOAD_MS = 10_000;

let frameUp = false;
let markPainted: (() => void) | undefined;
let painted: Promise<void> | undefined;

function firstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof window === 'undefined') return;
    let done = false;
    const afterNextFrame = () => {
      if (done) return;
      done = true;
      // A frame, then a task: the page is on screen by then (a hidden tab draws no frames).
      if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
      else
        requestAnimationFrame(() => {
          setTimeout(resolve, 0);
        });
    };
    markPainted = afterNextFrame;
    const fallback = () => {
      setTimeout(() => {
        if (!frameUp) afterNextFrame();
        else setTimeout(afterNextFrame, HYDRATING_FALLBACK_AFTER_LOAD_MS - FALLBACK_AFTER_LOAD_MS);
      }, FALLBACK_AFTER_LOAD_MS);
    };
    if (document.readyState === 'complete') fallback();
    else window.addEventListener('load', fallback, { once: true });
  });
  return painted;
}

/** The storefront's frame has committed; its parts may still be hydrating. */
export function frameCommitted(): void {
  frameUp = true;
}

/** The storefront's frame calls this once its first page has committed and hydrated. */
export function pageCommitted(): void {
  void firstPaint();
  markPainted?.();
}

/** Resolves once the first page is on screen. */
export function afterFirstPaint(): Promise<void> {
  return firstPaint();
}

/**
 * Resolves once the first page is on screen and the browser then has an idle moment (at
 * most `timeoutMs` later): for work nobody waits for, such as the cart's count in the header.
 */
export function whenIdleAfterFirstPaint(timeoutMs = 3_000): Promise<void> {
  return firstPaint().then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') {
          window.requestIdleCallback(
            () => {
              resolve();
            },
            { timeout: timeoutMs },
          );
        } else {
          setTimeout(resolve, 1_000);
        }
      }),
  );
}
