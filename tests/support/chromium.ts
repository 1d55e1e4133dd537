/**
 * Where the browser tests find Chromium, and how they start it on this kind of machine:
 * Debian's build, headless, without reaching out to Google's services.
 */
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium to use: CHROME_PATH, else Debian's; undefined when neither exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.CHROME_PATH?.trim() || DEFAULT_CHROME_PATH;
  return existsSync(candidate) ? candidate : undefined;
}

export function chromiumLaunchOptions(executablePath: string): LaunchOptions {
  return { executablePath, headless: true, args: CHROMIUM_ARGS };
}
