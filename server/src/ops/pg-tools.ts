/**
 * With DATABASE_URL the store's data is PostgreSQL's, and PostgreSQL's own tools back it up
 * (decision 037): `pg_dump --format=custom` takes one consistent snapshot while the store
 * runs, `pg_restore` brings it back. The password goes to them in PGPASSWORD, never on a
 * command line other users can read.
 */
import { spawn } from 'node:child_process';

export interface PgTarget {
  readonly url: string;
  readonly schema: string | undefined;
}

/** The URL without its password, and the environment that carries the password. */
export function pgConnection(url: string): {
  readonly dbname: string;
  readonly env: NodeJS.ProcessEnv;
} {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.href,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

export function pgDumpArgs(target: PgTarget, file: string): string[] {
  return [
    '--format=custom',
    `--file=${file}`,
    ...(target.schema ? [`--schema=${target.schema}`] : []),
    `--dbname=${pgConnection(target.url).dbname}`,
  ];
}

/** What the README says, for an operator without pg_dump or for a restore. */
export function pgInstructions(target: PgTarget, file = 'store.dump'): string {
  const schema = target.schema ? ` --schema=${target.schema}` : '';
  return [
    'The store runs on PostgreSQL (DATABASE_URL): back it up and restore it with PostgreSQL’s own tools,',
    'of the server’s major version or newer (Debian: apt-get install postgresql-client):',
    '',
    `  pg_dump --format=custom${schema} --file=${file} "$DATABASE_URL"`,
    `  pg_restore --clean --if-exists --no-owner${schema} --dbname="$DATABASE_URL" ${file}`,
    '',
    'pg_dump reads one consistent snapshot while the store runs. Stop the store before',
    `pg_restore${target.schema ? `, and create the schema first on an empty server (create schema ${target.schema})` : ''}.`,
  ].join('\n');
}

/** Runs a PostgreSQL client tool; `missing` when it is not installed. */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ readonly code: number | null; readonly stderr: string } | 'missing'> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') resolve('missing');
      else reject(error);
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
