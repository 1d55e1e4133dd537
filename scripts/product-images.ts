/**
 * `node --import tsx scripts/product-images.ts`: draws each seeded family's picture into
 * public/products/ (decision 058), a small SVG of a boxed kit in its category's colour with
 * the family's code and initials. Drawn here, so the store owns every picture it shows.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../server/src/config';
import { productImagePath, seedFamilies } from '../server/src/db/catalog-seed';

const COLOURS: Readonly<Record<string, string>> = {
  'academic-learning': '#1f5fa8',
  behavior: '#8a3b8f',
  'career-planning': '#2f7d4f',
  'cognition-neuro': '#b3471d',
  developmental: '#c2781a',
  'motor-sensory': '#0f7a7a',
  personality: '#6b4fb3',
  'mtss-rti': '#3d6b1f',
  spanish: '#a8324a',
  'speech-language': '#1d6fb3',
  telepractice: '#4a5a6a',
  'scoring-reporting': '#5a4632',
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function initials(name: string): string {
  return name
    .replace(/,.*$/, '')
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 3)
    .map((word) => word[0])
    .join('');
}

function drawing(family: { code: string; name: string; category: string }): string {
  const colour = COLOURS[family.category] ?? '#33475b';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 180" width="240" height="180">',
    `<title>${escape(family.name)}</title>`,
    '<rect width="240" height="180" fill="#f3f5f8"/>',
    `<path d="M60 40h110l20-14v112l-20 14H60z" fill="${colour}"/>`,
    '<path d="M170 40l20-14v112l-20 14z" fill="#000" fill-opacity=".2"/>',
    '<path d="M60 40l20-14h110l-20 14z" fill="#fff" fill-opacity=".35"/>',
    `<text x="115" y="92" font-family="sans-serif" font-size="30" font-weight="700" fill="#fff" text-anchor="middle">${escape(initials(family.name))}</text>`,
    `<text x="115" y="124" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">${escape(family.code)}</text>`,
    '</svg>',
    '',
  ].join('');
}

const dir = path.join(ROOT_DIR, 'public', 'products');
await mkdir(dir, { recursive: true });
for (const family of seedFamilies()) {
  await writeFile(path.join(ROOT_DIR, 'public', productImagePath(family.code)), drawing(family));
}
console.log(`${seedFamilies().length} pictures in ${path.relative(ROOT_DIR, dir)}`);
