/**
 * The caller's flags on PGlite and PostgreSQL (decision 058): a signed-in buyer's flags are
 * evaluated with their own context (their id, the storefront, the country they registered
 * in), so a flag targeted at them is on for them only; a visitor's context is anonymous; a
 * key the browser sends is not anyone's; the bootstrap stays the visitor's.
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFlags } from '../../../../../domain/flags/flags';
import { bootstrapSchema } from '../../../../../domain/shared/bootstrap';
import { buildTestApp, REPO_FLAGS_FILE } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { tempDir } from '../../../../../tests/support/temp-dir';
import { startFlagService, type FlagService } from '../../../flags/flag-service';
import type { CallerFlags } from '.';

describe.each(testDatabaseTargets())("the caller's flags on $kind", (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let flags: FlagService;
  let dir: string;
  let buyers: Record<'sam' | 'dana', SignedIn>;

  beforeAll(async () => {
    t = await target.open();
    dir = await tempDir('store-flags-');
    const flagsFile = path.join(dir, 'flags.json');
    await copyFile(REPO_FLAGS_FILE, flagsFile);
    flags = await startFlagService({ sdkKey: undefined, flagsFile });
    app = await buildTestApp(t.database, { flags, processManagers: false });
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana']);
    // UPC on for Sam alone: targeted by his user key, off for everyone else.
    const file = JSON.parse(await readFile(flagsFile, 'utf8')) as {
      flags: Record<string, Record<string, unknown>>;
    };
    file.flags.upc = {
      ...file.flags.upc,
      version: 2,
      on: true,
      targets: [{ values: [buyers.sam.userId], variation: 0 }],
      fallthrough: { variation: 1 },
    };
    await writeFile(flagsFile, JSON.stringify(file));
  });

  afterAll(async () => {
    await app.close();
    flags.close();
    await t.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const flagsOf = async (cookie: string | undefined, query = 'locale=en-gb') => {
    const response = await app.inject({
      url: `/api/flags?${query}`,
      headers: { 'x-country-code': 'fr', ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json<CallerFlags>();
  };

  it("evaluates a signed-in buyer's flags with their own context", async () => {
    // The flag service has read the targeted flag file once Sam's UPC is on.
    await expect
      .poll(async () => resolveFlags((await flagsOf(buyers.sam.cookie)).flags).upc, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(true);
    const sam = await flagsOf(buyers.sam.cookie);
    expect(sam.context).toEqual({
      kind: 'user',
      key: buyers.sam.userId,
      anonymous: false,
      siteUid: 'ukassessments',
      storeUid: 'ukassessments',
      locale: 'en-gb',
      country: 'GB',
    });
    expect(resolveFlags(sam.flags).upc).toBe(true);

    const dana = await flagsOf(buyers.dana.cookie, 'locale=en-us');
    expect(dana.context).toMatchObject({
      key: buyers.dana.userId,
      anonymous: false,
      siteUid: 'usassessments',
      locale: 'en-us',
      country: 'US',
    });
    expect(resolveFlags(dana.flags).upc).toBe(false);
  });

  it('is anonymous for a visitor, whatever key the browser names', async () => {
    const visitor = await flagsOf(undefined, `locale=en-gb&key=${buyers.sam.userId}`);
    expect(visitor.context).toMatchObject({ key: 'anonymous', anonymous: true, country: 'FR' });
    expect(resolveFlags(visitor.flags).upc).toBe(false);
  });

  it("keeps the bootstrap the visitor's, even with a session", async () => {
    const response = await app.inject({
      url: '/api/bootstrap?locale=en-gb',
      headers: { cookie: buyers.sam.cookie },
    });
    expect(resolveFlags(bootstrapSchema.parse(response.json()).flags).upc).toBe(false);
  });

  it('refuses a locale that is not a storefront', async () => {
    const response = await app.inject({ url: '/api/flags?locale=de-de' });
    expect(response.statusCode).toBe(400);
  });
});
