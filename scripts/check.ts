/**
 * `npm run check`: the typecheck and the lint side by side (each is one process on one core,
 * so together they take the time of the longer), then the unit tests. Fails when any fails.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

const [typecheck, lint] = await Promise.all([run('typecheck'), run('lint')]);
if (typecheck !== 0 || lint !== 0) {
  console.error(
    `npm run check: ${typecheck !== 0 ? 'typecheck failed' : ''}${typecheck !== 0 && lint !== 0 ? ', ' : ''}${lint !== 0 ? 'lint failed' : ''}`,
  );
  process.exit(1);
}
process.exit(await run('test:unit'));
