import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG_DEFAULTS, resolveFlags } from '../../../../../domain/flags/flags';
import { bootstrapSchema } from '../../../../../domain/shared/bootstrap';
import { buildTestApp, REPO_FLAGS_FILE } from '../../../../../tests/support/app';
import { testDatabaseTargets, useTestDatabase } from '../../../../../tests/support/databases';
import { tempDir } from '../../../../../tests/support/temp-dir';
import { startFlagService } from '../../../flags/flag-service';

const [pglite] = testDatabaseTargets();

describe('the flag file in the repository', () => {
  it('has every flag of SPEC 9 with its default and nothing else', async () => {
    const file = JSON.parse(await readFile(REPO_FLAGS_FILE, 'utf8')) as {
      flags: Record<
        string,
        {
          on: boolean;
          variations: boolean[];
          clientSideAvailability: { usingEnvironmentId: boolean };
        }
      >;
    };
    expect(Object.keys(file.flags).sort()).toEqual(Object.keys(FLAG_DEFAULTS).sort());
    for (const [key, flag] of Object.entries(file.flags)) {
      expect(flag.on, key).toBe(FLAG_DEFAULTS[key as keyof typeof FLAG_DEFAULTS]);
      expect(flag.clientSideAvailability.usingEnvironmentId, key).toBe(true);
    }
  });
});

describe('GET /api/bootstrap', () => {
  const database = useTestDatabase(pglite!);
  let dir: string;
  let flagsFile: string;

  beforeAll(async () => {
    dir = await tempDir('store-flags-');
    flagsFile = path.join(dir, 'flags.json');
    await copyFile(REPO_FLAGS_FILE, flagsFile);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives a visitor without one a visitor cookie before anything is made, once', async () => {
    const app = await buildTestApp(database());
    const first = await app.inject({ url: '/api/bootstrap?locale=en-us' });
    const cookie = first.cookies.find((c) => c.name === 'store_visitor');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    // Known already: no new cookie.
    const again = await app.inject({
      url: '/api/bootstrap?locale=en-us',
      cookies: { store_visitor: cookie!.value },
    });
    expect(again.cookies.find((c) => c.name === 'store_visitor')).toBeUndefined();
    await app.close();
  });

  it('gives the country from the proxy header, the flags and the public settings', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({
      method: 'GET',
      url: '/api/bootstrap?locale=en-gb',
      headers: { 'x-country-code': 'gb' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = bootstrapSchema.parse(response.json());
    expect(body.country).toBe('GB');
    expect(resolveFlags(body.flags)).toEqual(FLAG_DEFAULTS);
    expect(body.flags.$valid).toBe(true);
    expect(body.config).toEqual({
      launchDarklyClientSideId: null,
      gtmContainerId: null,
      storefrontHosts: {},
      identity: {
        issuer: 'http://localhost:8080/oidc',
        clientId: 'storefront',
        apiResource: 'urn:assessments-store:api',
      },
    });
    await app.close();
  });

  it('has no country when the header is missing or unknown', async () => {
    const app = await buildTestApp(database());
    for (const headers of [{}, { 'x-country-code': 'XX' }, { 'x-country-code': 'nope' }]) {
      const body = bootstrapSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/bootstrap?locale=en-us', headers })).json(),
      );
      expect(body.country).toBeNull();
    }
    await app.close();
  });

  it('identifies the country by the proxy, else by the region of the preferred language when the store has it (SPEC 2.3)', async () => {
    const app = await buildTestApp(database());
    const cases: [Record<string, string>, boolean][] = [
      [{ 'x-country-code': 'GB' }, true],
      // A country the store has no storefront for is still a country the proxy named.
      [{ 'x-country-code': 'FR', 'accept-language': 'fr' }, true],
      [{ 'accept-language': 'en-GB,en;q=0.9' }, true],
      [{ 'accept-language': 'fr;q=0.5, ko-KR' }, true],
      [{ 'x-country-code': 'XX', 'accept-language': 'en-gb' }, true],
      [{}, false],
      [{ 'accept-language': 'en' }, false],
      [{ 'accept-language': 'fr-FR, en-GB;q=0.8' }, false],
      [{ 'x-country-code': 'XX', 'accept-language': '*' }, false],
    ];
    for (const [headers, identified] of cases) {
      const response = await app.inject({ url: '/api/bootstrap?locale=en-us', headers });
      const body = bootstrapSchema.parse(response.json());
      expect(body.countryUnknown, JSON.stringify(headers)).toBe(!identified);
      // Only the proxy names the country the flags see.
      expect(body.country, JSON.stringify(headers)).toBe(
        headers['x-country-code'] === 'XX' ? null : (headers['x-country-code'] ?? null),
      );
    }
    await app.close();
  });

  it('refuses a locale that is not a storefront', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({ method: 'GET', url: '/api/bootstrap?locale=de-de' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('invalid_input');
    await app.close();
  });

  it('follows a flag flipped in the flag file, without a restart', async () => {
    const flags = await startFlagService({ sdkKey: undefined, flagsFile });
    const app = await buildTestApp(database(), { flags });
    const vat = async () =>
      resolveFlags(
        bootstrapSchema.parse(
          (await app.inject({ method: 'GET', url: '/api/bootstrap?locale=en-gb' })).json(),
        ).flags,
      ).vat;
    expect(await vat()).toBe(false);
    const file = JSON.parse(await readFile(flagsFile, 'utf8')) as {
      flags: Record<string, { on: boolean }>;
    };
    file.flags.vat!.on = true;
    await writeFile(flagsFile, JSON.stringify(file));
    await expect.poll(vat, { timeout: 10_000, interval: 200 }).toBe(true);
    await app.close();
    flags.close();
  });
});
