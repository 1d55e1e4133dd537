import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

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
