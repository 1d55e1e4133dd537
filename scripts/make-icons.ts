/**
 * Renders the PWA icons (public/icons/*.png) from public/icons/favicon.svg with Chromium.
 * Run after changing the artwork: `node --import tsx scripts/make-icons.ts`.
 * Maskable icons keep the artwork inside the 80% safe zone on a full-bleed background.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT_DIR } from '../server/src/config';
import { chromiumLaunchOptions, findChromium } from '../tests/support/chromium';

const ICONS = path.join(ROOT_DIR, 'public', 'icons');

const targets = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const executablePath = findChromium();
if (!executablePath) {
  console.error('Chromium is needed to render the icons: set CHROME_PATH or install chromium.');
  process.exit(1);
}
const svg = await readFile(path.join(ICONS, 'favicon.svg'), 'utf8');
const browser = await chromium.launch(chromiumLaunchOptions(executablePath));
try {
  for (const { file, size, maskable } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const art = maskable ? Math.round(size * 0.8) : size;
    await page.setContent(
      `<html><body style="margin:0;background:${maskable ? '#0b4f8a' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${art}" height="${art}"></body></html>`,
    );
    await page.screenshot({ path: path.join(ICONS, file), omitBackground: !maskable });
    await page.close();
    console.log(`wrote public/icons/${file}`);
  }
} finally {
  await browser.close();
}
