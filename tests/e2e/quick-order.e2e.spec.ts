/**
 * Quick Order in the browser: 25 empty rows, keyboard entry with lookup, every rejection in
 * the spec's words, the valid rows added to the cart at once, many codes pasted at once, a
 * CSV file imported, the draft kept across a reload, and no accessibility violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

test('a quick order checks every row in the spec’s words and adds the valid ones at once', async ({
  page,
}) => {
  await page.goto('/en-gb/quick-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick Order');
  const rows = page.locator('.quick-order__row');
  await expect(rows).toHaveCount(25);
  await expect(page.getByLabel('Product code, row 1', { exact: true })).toHaveValue('');

  // Keyboard first: Enter moves from the code to the quantity, then to the next row.
  await page.getByLabel('Product code, row 1', { exact: true }).fill('wri3-kit');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity, row 1', { exact: true })).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Product code, row 2', { exact: true })).toBeFocused();
  await expect(page.getByTestId('quick-order-row-1')).toContainText(
    'Westbrook Reading Inventory, Third Edition, Complete Kit',
  );
  await expect(page.getByTestId('quick-order-row-1')).toContainText('Maximum 20');

  await page.keyboard.type('NOPE-1');
  await page.getByLabel('Quantity, row 2', { exact: true }).fill('1');
  await page.getByLabel('Product code, row 3', { exact: true }).fill('WRI3-KIT');
  await page.getByLabel('Quantity, row 3', { exact: true }).fill('1');
  await page.getByLabel('Product code, row 4', { exact: true }).fill('CLF6-RF25');
  await page.getByLabel('Quantity, row 4', { exact: true }).fill('1');
  await page.getByLabel('Product code, row 5', { exact: true }).fill('PPS-MAN');
  await page.getByLabel('Quantity, row 5', { exact: true }).fill('1');

  // Reload: the draft is kept on the device.
  await page.reload();
  await expect(page.getByLabel('Product code, row 5', { exact: true })).toHaveValue('PPS-MAN');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toHaveText(
    /1 product was added to your cart\./,
  );
  await expect(page.getByTestId('quick-order-row-2').getByRole('alert')).toHaveText(
    'Product code NOPE-1 was not found.',
  );
  await expect(page.getByTestId('quick-order-row-3').getByRole('alert')).toHaveText(
    'Product WRI3-KIT is already in the list.',
  );
  await expect(page.getByTestId('quick-order-row-4').getByRole('alert')).toHaveText(
    'Product CLF6-RF25 is not sold online.',
  );
  await expect(page.getByTestId('quick-order-row-5').getByRole('alert')).toHaveText(
    'Product PPS-MAN cannot be ordered via the website.',
  );
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (2 items)');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('many codes pasted at once, or a CSV file, fill the rows', async ({ page }) => {
  await page.goto('/en-gb/quick-order');
  await expect(page.locator('.quick-order__row')).toHaveCount(25);
  await page.getByLabel('Product code, row 1', { exact: true }).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'HMA2-RF25\t3\nLAC-MAN\t1\n');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByLabel('Product code, row 1', { exact: true })).toHaveValue('HMA2-RF25');
  await expect(page.getByLabel('Quantity, row 1', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Product code, row 2', { exact: true })).toHaveValue('LAC-MAN');

  await page.getByLabel('Import a CSV file').setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('code,quantity\nBRS4-SB,2\nCWE-MAN,4\n'),
  });
  await expect(page.getByLabel('Product code, row 3', { exact: true })).toHaveValue('BRS4-SB');
  await expect(page.getByLabel('Quantity, row 4', { exact: true })).toHaveValue('4');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toHaveText(
    /4 products were added to your cart\./,
  );
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (10 items)');
});

test('a CSV file with a byte-order mark and quoted cells puts its lines in the cart; a file over 1 MB is refused', async ({
  page,
}) => {
  // This test's own visitor (a fresh browser context): its cart starts empty.
  await page.goto('/en-gb/quick-order');
  await expect(page.locator('.quick-order__row')).toHaveCount(25);
  const importFile = page.getByLabel('Import a CSV file');

  await importFile.setInputFiles({
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(1024 * 1024 + 1, 'A'),
  });
  await expect(page.locator('.quick-order__form > [role="alert"]')).toHaveText(
    'This file is larger than 1 MB, the most quick order can read.',
  );
  await expect(page.getByLabel('Product code, row 1', { exact: true })).toHaveValue('');

  // As a spreadsheet saves it in Europe: a byte-order mark, semicolons, quoted cells holding
  // the separator, doubled quotes and a line break.
  const csv = [
    'Note;Product code;Quantity',
    '"For room 2; ""urgent""";"hma2-rf25";"3"',
    '"Two lines:',
    'second";LAC-MAN;2',
    '',
  ].join('\r\n');
  await importFile.setInputFiles({
    name: 'order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  });
  await expect(page.getByLabel('Product code, row 1', { exact: true })).toHaveValue('HMA2-RF25');
  await expect(page.getByLabel('Quantity, row 1', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Product code, row 2', { exact: true })).toHaveValue('LAC-MAN');
  await expect(page.getByLabel('Quantity, row 2', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Product code, row 3', { exact: true })).toHaveValue('');
  await expect(page.locator('.quick-order__form > [role="alert"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your cart' })).toHaveText(
    /2 products were added to your cart\./,
  );
  await page.goto('/en-gb/cart');
  await expect(page.getByTestId('cart-line-HMA2-RF25').getByLabel('Quantity')).toHaveValue('3');
  await expect(page.getByTestId('cart-line-LAC-MAN').getByLabel('Quantity')).toHaveValue('2');
  await expect(page.getByTestId('cart-link')).toHaveText('Cart (5 items)');
});
