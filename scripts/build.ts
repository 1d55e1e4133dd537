/**
 * `npm run build`: builds the PWA with Vite, then its server renderer (dist/.server), writes gzip and brotli copies of every text
 * asset next to it (the server sends them as they are) and stamps the build with the hash
 * of its sources.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT_DIR } from '../server/src/config';
import { DIST_DIR, STAMP_FILE, sourceHash } from './build-stamp';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 512;

function compressDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The server renderer (dist/.server) is never sent to a browser.
      if (entry.name.startsWith('.')) continue;
      count += compressDir(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const data = readFileSync(full);
    if (data.length < MIN_BYTES) continue;
    writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
    count++;
  }
  return count;
}

export function build(): void {
  const hash = sourceHash();
  const vite = path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
  const steps = [
    ['build'],
    // The server renderer of first visits (decision 038), into dist/.server.
    ['build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, [vite, ...args], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      throw new Error(
        `vite ${args.join(' ')} failed (exit ${String(result.status ?? result.signal)})`,
      );
    }
  }
  const compressed = compressDir(DIST_DIR);
  writeFileSync(STAMP_FILE, `${hash}\n`);
  console.log(`Precompressed ${compressed} files; build stamped.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    build();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
