import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A loaded page in a visible tab: frames every 16 ms. */
function stubBrowser(): void {
  vi.stubGlobal('window', { addEventListener: vi.fn() });
  vi.stubGlobal('document', { readyState: 'complete', visibilityState: 'visible' });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
}

async function freshModule() {
  vi.resetModules();
  return import('./first-paint');
}

function track(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe('the first paint (decision 041)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubBrowser();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('comes after the frame that follows the page’s commit', async () => {
    const { afterFirstPaint, frameCommitted, pageCommitted } = await freshModule();
    const painted = track(afterFirstPaint());
    frameCommitted();
    pageCommitted();
    await vi.advanceTimersByTimeAsync(10);
    expect(painted.done).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(painted.done).toBe(true);
  });

  it('comes 2 s after the load when the storefront’s frame never commits (an error page)', async () => {
    const { afterFirstPaint } = await freshModule();
    const painted = track(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(1_900);
    expect(painted.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(painted.done).toBe(true);
  });

  it('waits for the parts still hydrating, up to 10 s after the load', async () => {
    const { afterFirstPaint, frameCommitted } = await freshModule();
    const painted = track(afterFirstPaint());
    frameCommitted();
    await vi.advanceTimersByTimeAsync(9_900);
    expect(painted.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(painted.done).toBe(true);
  });
});
