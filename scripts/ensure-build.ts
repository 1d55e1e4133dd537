/** Builds the PWA when dist/ is missing or older than its sources. */
import { buildIsFresh } from './build-stamp';
import { build } from './build';

export function ensureBuild(): void {
  if (buildIsFresh()) return;
  console.log('Building the store (the build is missing or out of date)...');
  build();
}
