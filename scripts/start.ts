/**
 * `npm start`: builds the PWA if the build is missing or stale, then runs the store
 * (PWA and API) in this one process on http://localhost:8080 (PORT overrides).
 */
import { runServer } from '../server/src/server';
import { ensureBuild } from './ensure-build';

try {
  ensureBuild();
} catch (error) {
  console.error(`The store could not be built: ${(error as Error).message}`);
  process.exit(1);
}
await runServer();
