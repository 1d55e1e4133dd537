import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axe } from './support/checkout-steps';
import { PHONE } from './support/layout';

test('the main menu works with the keyboard alone', async ({ page }) => {
  await page.goto('/en-us/');
  const first = page.getByRole('button', { name: 'Assessments & Solutions' });
  const second = page.getByRole('button', { name: 'Learning & Training' });
  await expect(first).toBeVisible();

  // Tab from the top of the page to the first menu group.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await first.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(first).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link', { name: 'Academic learning' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(first).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  const secondPanel = page.locator(`#${await second.getAttribute('aria-controls')}`);
  await expect(secondPanel.getByRole('link', { name: 'Assessment in telepractice' })).toBeFocused();

  // Moving to another group, or out of the menu, closes it.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('the menu opens and closes with a tap and closes on a tap elsewhere', async ({ page }) => {
  await page.goto('/en-gb/');
  const group = page.getByRole('button', { name: 'Ordering & Support' });
  await group.click();
  const panel = page.locator(`#${await group.getAttribute('aria-controls')}`);
  await expect(panel.getByRole('link', { name: 'How to order' })).toBeVisible();
  await page.locator('.site-header__top').click({ position: { x: 2, y: 2 } });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
});

for (const locale of ['en-us', 'fr-ca']) {
  test(`axe finds no accessibility violations on the ${locale} home page`, async ({ page }) => {
    await page.goto(`/${locale}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('1996-2025');
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}

/** How far down the page the header ends and the page's heading starts. */
async function headerAndHeading(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header.site-header')?.getBoundingClientRect();
    const heading = document.querySelector('main h1')?.getBoundingClientRect();
    return {
      header: (header?.bottom ?? Infinity) + window.scrollY,
      heading: (heading?.top ?? -Infinity) + window.scrollY,
    };
  });
}

const PHONE_PAGES = [
  { path: '/en-us/', heading: 'Assessments for clinicians, schools and organisations' },
  { path: '/en-us/search.html?q=reading', heading: 'Results for “reading”' },
  { path: '/en-us/p/KCI-KIT', heading: /^Kestrel Career Interest Profile/ },
] as const;

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, extraHTTPHeaders: { 'x-country-code': 'US' } });

  test('the header above the page is at most 120px, and one tap reaches the search', async ({
    page,
  }) => {
    for (const { path, heading } of PHONE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const { header, heading: top } = await headerAndHeading(page);
      expect(header, `${path}: the header's height`).toBeLessThanOrEqual(120);
      expect(top, `${path}: the heading is below the header`).toBeGreaterThanOrEqual(header);

      const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
      await search.tap();
      await expect(search).toBeFocused();
    }
    await axe(page);
  });

  test('the server sends the phone header as it stays: at most 120px without JavaScript', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'x-country-code': 'US' },
    });
    try {
      const page = await context.newPage();
      for (const { path, heading } of PHONE_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        const { header, heading: top } = await headerAndHeading(page);
        expect(header, `${path}: the header's height`).toBeLessThanOrEqual(120);
        expect(top, path).toBeGreaterThanOrEqual(header);
        await expect(
          page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }),
        ).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  test('Menu shows the store links and the region with the main menu; a new page closes it', async ({
    page,
  }) => {
    await page.goto('/en-us/');
    const banner = page.getByRole('banner');
    const storeLinks = banner.getByRole('navigation', { name: 'Store links' });
    await expect(storeLinks).toBeHidden();
    await expect(banner.getByLabel('Region')).toBeHidden();
    const menu = banner.getByRole('button', { name: 'Menu', exact: true });
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(storeLinks.getByRole('link', { name: 'Quick order' })).toBeVisible();
    await expect(banner.getByLabel('Region')).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Assessments & Solutions' })).toBeVisible();
    await axe(page);
    await storeLinks.getByRole('link', { name: 'Order status' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Order status' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(storeLinks).toBeHidden();
  });
});
