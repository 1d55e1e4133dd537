/**
 * `npm run check`: the typecheck, the lint and the unit tests, in two lanes side by side on
 * the two cores: ESLint's type-aware rules (the longest single step, one process on one core)
 * in one; the typecheck (the native compiler), the formatting check and then the unit tests
 * in the other. Fails when any fails; a lane stops at its first failure.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** The scripts one after the other; the first that fails ends the lane. */
async function lane(scripts: readonly string[]): Promise<string[]> {
  for (const script of scripts) {
    if ((await run(script)) !== 0) return [script];
  }
  return [];
}

const failed = (
  await Promise.all([lane(['lint:code']), lane(['typecheck', 'lint:format', 'test:unit'])])
).flat();
if (failed.length > 0) {
  console.error(`npm run check: ${failed.join(', ')} failed`);
  process.exit(1);
}
