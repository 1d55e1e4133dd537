/**
 * POST /api/addresses/verify on PGlite and PostgreSQL (decision 059): the built-in verifier
 * for a buyer without the `address-doctor` flag, AddressDoctor (its sandbox) for a buyer the
 * flag is on for; bad input is a 400 with SPEC 5's messages, never a 500; visitors get 401;
 * a service that cannot be asked is a 503.
 */
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressVerdict } from '../../../../../domain/address-verification/verification';
import { buildTestApp, REPO_FLAGS_FILE } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { tempDir } from '../../../../../tests/support/temp-dir';
import { BuiltInVerifier } from '../../../address-verification/built-in-verifier';
import { AddressDoctorVerifier } from '../../../address-verification/address-doctor/address-doctor-verifier';
import { startFlagService, type FlagService } from '../../../flags/flag-service';

const WASHINGTON = {
  country: 'US',
  region: 'DC',
  town: 'washington',
  line1: '1600 pennsylvania avenue northwest',
  postalCode: '20500',
};

describe.each(testDatabaseTargets())('address verification on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let flags: FlagService;
  let dir: string;
  let buyers: Record<'sam' | 'dana', SignedIn>;

  beforeAll(async () => {
    t = await target.open();
    dir = await tempDir('store-address-verification-');
    const flagsFile = path.join(dir, 'flags.json');
    await copyFile(REPO_FLAGS_FILE, flagsFile);
    flags = await startFlagService({ sdkKey: undefined, flagsFile });
    app = await buildTestApp(t.database, { flags, processManagers: false });
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana']);
    // AddressDoctor on for Dana alone: targeted by her user key, off for everyone else.
    const file = JSON.parse(await readFile(flagsFile, 'utf8')) as {
      flags: Record<string, Record<string, unknown>>;
    };
    file.flags['address-doctor'] = {
      ...file.flags['address-doctor'],
      version: 2,
      on: true,
      targets: [{ values: [buyers.dana.userId], variation: 0 }],
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

  const verify = (cookie: string | undefined, payload: unknown, on = app) =>
    on.inject({
      method: 'POST',
      url: '/api/addresses/verify',
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('answers with the AddressDoctor for a buyer the flag is on for', async () => {
    // The flag service has read the targeted flag file once Dana's answer comes from it.
    await expect
      .poll(
        async () =>
          (
            await verify(buyers.dana.cookie, { locale: 'en-us', address: WASHINGTON })
          ).json<AddressVerdict>().service,
        { timeout: 10_000, interval: 200 },
      )
      .toBe('address-doctor');
    const response = await verify(buyers.dana.cookie, { locale: 'en-us', address: WASHINGTON });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      service: 'address-doctor',
      status: 'suggestions',
      deliverability: 'deliverable',
      suggestions: [
        {
          address: {
            country: 'US',
            region: 'DC',
            town: 'Washington',
            line1: '1600 Pennsylvania Ave NW',
            postalCode: '20500',
          },
          changed: ['line1', 'town'],
        },
      ],
    });
  });

  it('answers with the built-in verifier for a buyer the flag is off for', async () => {
    const response = await verify(buyers.sam.cookie, { locale: 'en-gb', address: WASHINGTON });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      service: 'built-in',
      status: 'suggestions',
      deliverability: null,
      suggestions: [
        {
          address: {
            country: 'US',
            region: 'DC',
            town: 'Washington',
            line1: '1600 Pennsylvania Avenue Northwest',
            postalCode: '20500',
          },
          changed: ['line1', 'town'],
        },
      ],
    });
    const right = await verify(buyers.sam.cookie, {
      locale: 'en-gb',
      address: {
        country: 'GB',
        region: 'LDS',
        town: 'Leeds',
        line1: '22 Riverside',
        postalCode: 'LS1 4AP',
      },
    });
    expect(right.json()).toEqual({
      service: 'built-in',
      status: 'verified',
      suggestions: [],
      deliverability: null,
    });
  });

  it("refuses an address that breaks SPEC 5's rules with the fields' messages", async () => {
    const response = await verify(buyers.sam.cookie, {
      locale: 'en-us',
      address: {
        country: 'US',
        region: 'WI',
        town: 'Madison',
        line1: 'P.O. Box 12',
        postalCode: '537',
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ error: { fields: { path: string; message: string }[] } }>().error
      .fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'address.line1',
          message: 'We cannot deliver to P.O. Boxes. Please enter a street address.',
        }),
        expect.objectContaining({
          path: 'address.postalCode',
          message: 'Enter a postal code in the format 12345.',
        }),
      ]),
    );
  });

  it('answers 400, never 500, to whatever else is sent', async () => {
    for (const payload of [
      {},
      { locale: 'en-us' },
      { locale: 'xx-yy', address: WASHINGTON },
      { locale: 'en-us', address: 'Washington' },
      { locale: 'en-us', address: { ...WASHINGTON, line1: 'x'.repeat(5_000) } },
      { locale: 'en-us', address: { ...WASHINGTON, region: 42 } },
      { locale: 'en-us', address: { ...WASHINGTON, line1: '1600 Pennsylvania \u0000 Ave' } },
      [WASHINGTON],
    ]) {
      const response = await verify(buyers.sam.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
  });

  it('answers 401 to a visitor', async () => {
    const response = await verify(undefined, { locale: 'en-us', address: WASHINGTON });
    expect(response.statusCode).toBe(401);
  });

  it('answers 503 when the service cannot be asked', async () => {
    const unreachable = await buildTestApp(t.database, {
      flags,
      processManagers: false,
      addressVerifiers: {
        builtIn: new BuiltInVerifier(),
        addressDoctor: new AddressDoctorVerifier({
          process: () => Promise.resolve({ Results: [] }),
        }),
      },
    });
    try {
      const response = await verify(
        buyers.dana.cookie,
        { locale: 'en-us', address: WASHINGTON },
        unreachable,
      );
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: {
          code: 'verification_unavailable',
          message: 'The address could not be verified now.',
        },
      });
    } finally {
      await unreachable.close();
    }
  });
});
