/** The browser's turn between steps of long work (loading the cart store, the checkout). */

type YieldingScheduler = { yield?: () => Promise<void> };

/**
 * Gives the main thread back to the browser (input, paint) before the next step goes on:
 * `scheduler.yield()` where there is one (its continuation runs ahead of other tasks),
 * otherwise a new task.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
