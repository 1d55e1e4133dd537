import { launchCustomStore, type CustomStore } from '../support/custom-store';
import { expect, test } from './fixtures';

let store: CustomStore;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A store of its own starts, migrates and seeds: slow on a loaded machine.
  test.setTimeout(180_000);
  store = await launchCustomStore();
});

test.afterAll(async () => {
  await store.dispose();
});

test('a flag flipped in the flag file changes the page on the next load, with no rebuild', async ({
  page,
}) => {
  await page.goto(`${store.url}/en-us/`);
  await expect(page.getByRole('contentinfo')).toContainText('Copyright 1996-2025');
  await expect(page.locator('.site-footer__markup')).toHaveCount(0);
  await expect(page.locator('.main-menu--editable')).toHaveCount(0);

  await store.setFlag('editable-header-footer', true);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.site-footer__markup')).toContainText(
      'Prices shown exclude shipping.',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
  // The editable header replaces the structured menu.
  await expect(page.locator('.main-menu--editable summary').first()).toHaveText(
    'Assessments & Solutions',
  );
});

test('with the vat flag on, prices in the VAT stores read "Excl. VAT", and elsewhere they do not', async ({
  page,
}) => {
  const gbProduct = `${store.url}/en-gb/p/WRI3-KIT`;
  await page.goto(gbProduct);
  await expect(page.locator('main .price').first()).toBeVisible();
  await expect(page.getByText('Excl. VAT')).toHaveCount(0);

  await store.setFlag('vat', true);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('main .price').first()).toContainText('Excl. VAT', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  // A first visit's page comes rendered with the visitor's flags: the note is in its HTML.
  const firstVisit = await page.request.get(`${store.url}/nl-nl/p/WRI3-KIT`, {
    headers: { accept: 'text/html' },
  });
  expect(await firstVisit.text()).toContain('Excl. btw');
  await page.goto(`${store.url}/nl-nl/p/WRI3-KIT`);
  await expect(page.locator('main .price').first()).toContainText('Excl. btw');
  await page.goto(`${store.url}/en-us/p/WRI3-KIT`);
  await expect(page.locator('main .price').first()).toBeVisible();
  await expect(page.getByText('Excl. VAT')).toHaveCount(0);
  await store.setFlag('vat', false);
});

test.describe('without the content security policy', () => {
  // The policy would block inline script anyway; switched off here, the test proves that the
  // sanitizer alone keeps every one of them out.
  test.use({ bypassCSP: true });

  test('content markup with a script, an onerror handler and a javascript: link runs none of them', async ({
    page,
    pageErrors,
  }) => {
    await store.setFlag('editable-header-footer', true);
    await store.writeContent(
      'en-gb/footer-content.html',
      `<p id="note">Safe text</p>
     <script>window.__xss = 'script'; alert('script')</script>
     <img id="pic" src="/no-such-image.png" onerror="window.__xss = 'onerror'; alert('onerror')">
     <a id="bad" href="javascript:window.__xss='link';alert('link')">Click me</a>
     <svg><script>alert('svg')</script></svg>`,
    );
    await store.writeContent(
      'en-gb/first-level-nav-react-content.html',
      `<details><summary>Menu</summary><a href="javascript:alert(1)" onclick="alert(2)">x</a></details>`,
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await expect(async () => {
      await page.goto(`${store.url}/en-gb/`);
      await expect(page.locator('#note')).toHaveText('Safe text', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    const markup = page.locator('.site-footer__markup');
    await expect(markup.locator('script')).toHaveCount(0);
    await expect(markup.locator('[onerror]')).toHaveCount(0);
    await expect(markup.locator('#bad')).not.toHaveAttribute('href', /javascript:/);
    await markup.locator('#bad').click();
    const nav = page.locator('.main-menu--editable');
    await expect(nav.locator('[onclick]')).toHaveCount(0);
    await expect(nav.locator('a')).not.toHaveAttribute('href', /javascript:/);
    // The image's load has failed (the browser reports the 404), so an onerror handler
    // would have run by now; the link's click was dispatched above.
    await expect
      .poll(() => pageErrors.some((e) => e.startsWith('Failed to load resource')))
      .toBe(true);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    // The image itself is missing (404); that is the only thing the page reports.
    expect(pageErrors.every((e) => e.startsWith('Failed to load resource'))).toBe(true);
    pageErrors.splice(0, pageErrors.length);
  });
});
