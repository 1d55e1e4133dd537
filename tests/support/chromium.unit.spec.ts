import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './chromium';

describe('findChromium', () => {
  it('uses CHROME_PATH when that file exists', () => {
    const fake = path.join(os.tmpdir(), `fake-chromium-${process.pid}`);
    writeFileSync(fake, '');
    expect(findChromium({ CHROME_PATH: fake })).toBe(fake);
  });

  it('finds nothing when CHROME_PATH names a missing file', () => {
    expect(findChromium({ CHROME_PATH: '/nonexistent/chromium' })).toBeUndefined();
  });
});
