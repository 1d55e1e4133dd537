/** What a page's layout must hold on any screen. */
import { expect, type Page } from '@playwright/test';

/** Nothing on the page is wider than the screen (what a scrolling box holds does not count). */
export async function fitsTheScreen(page: Page): Promise<void> {
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const scrolls = (element: Element | null): boolean =>
      element !== null &&
      (['auto', 'scroll'].includes(getComputedStyle(element).overflowX) ||
        scrolls(element.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > width && !scrolls(e.parentElement))
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.getBoundingClientRect().right}`)
      .slice(0, 5);
  });
  expect(wider).toEqual([]);
}

export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 768, height: 1024 } as const;
