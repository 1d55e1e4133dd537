/**
 * Password guessing is slowed and refused per account and client, and the owner still
 * signs in (decision 032); the per-address count believes X-Forwarded-For only from a
 * configured proxy; and every sign-in step is tied to the browser's live interaction.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { InjectBrowser, postLogin, startSignIn } from '../../../tests/support/inject-browser';
import { loginThrottle } from '../db/schema';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { deviceCookieName } from './device-cookie';
import { LIMITS, THROTTLE } from './throttle';

const dana = DEMO_USERS[0];
const WRONG = 'Not-Danas-Password-1';
const PAIR_LOCK = LIMITS.pair.lockAfter ?? 0;

for (const target of testDatabaseTargets()) {
  describe(`sign-in abuse (${target.kind})`, () => {
    let t: TestDatabase;
    let app: FastifyInstance;
    /** The waits the sign-in step asked for, in order (nothing sleeps). */
    let waits: number[] = [];
    let clock = new Date('2026-11-24T09:00:00Z');

    beforeAll(async () => {
      t = await target.open();
      app = await buildTestApp(t.database, {
        signIn: {
          now: () => clock,
          wait: (ms) => {
            waits.push(ms);
            return Promise.resolve();
          },
        },
      });
      await seedDemoUsers(t.database.db);
    });

    afterAll(async () => {
      await app.close();
      await t.dispose();
    });

    beforeEach(async () => {
      await t.database.db.delete(loginThrottle);
      waits = [];
      clock = new Date('2026-11-24T09:00:00Z');
    });

    /** Signs in with the right password from this browser; the answer's status. */
    async function ownerSignsIn(browser: InjectBrowser): Promise<number> {
      const { uid } = await startSignIn(browser);
      const response = await postLogin(browser, uid, dana.email, dana.password);
      if (response.statusCode === 200) {
        expect(response.json()).toHaveProperty('redirectTo');
      }
      return response.statusCode;
    }

    /** Wrong passwords from this browser until the answer is not a 401; how many were 401. */
    async function guess(browser: InjectBrowser, times: number, email = dana.email) {
      const { uid } = await startSignIn(browser);
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        statuses.push((await postLogin(browser, uid, email, `${WRONG}${i}`)).statusCode);
      }
      return statuses;
    }

    it('locks an attacker out of the account, not the owner', async () => {
      const attacker = new InjectBrowser(app, '198.51.100.66');
      const statuses = await guess(attacker, PAIR_LOCK + 2);
      expect(statuses.slice(0, PAIR_LOCK)).toEqual(Array(PAIR_LOCK).fill(401));
      expect(statuses.slice(PAIR_LOCK)).toEqual([429, 429]);

      // Locked means locked: even the right password is refused from there, with the message.
      const { uid } = await startSignIn(attacker);
      const refused = await postLogin(attacker, uid, dana.email, dana.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(THROTTLE.lockMinutes * 60));
      expect(refused.json()).toMatchObject({
        error: {
          code: 'identity.too-many-attempts',
          message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
        },
      });

      // The owner, from another address and a browser never used before, signs in: slowed,
      // by no more than the cap, but not refused.
      waits = [];
      expect(await ownerSignsIn(new InjectBrowser(app, '192.0.2.20'))).toBe(200);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[0]).toBeLessThanOrEqual(THROTTLE.maxDelayMs);

      // The attacker's lock ends after 15 minutes.
      clock = new Date(clock.getTime() + (THROTTLE.lockMinutes + 1) * 60_000);
      const later = await startSignIn(attacker);
      expect((await postLogin(attacker, later.uid, dana.email, WRONG)).statusCode).toBe(401);
    });

    it('lets the owner past the locks of their own address with the device cookie', async () => {
      // The owner signed in on this browser before: it holds the account's device cookie.
      const owner = new InjectBrowser(app, '192.0.2.30');
      expect(await ownerSignsIn(owner)).toBe(200);
      expect(owner.has(deviceCookieName(dana.email))).toBe(true);

      // Another client behind the same address (a shared school or clinic address) guesses.
      const attacker = new InjectBrowser(app, '192.0.2.30');
      const statuses = await guess(attacker, PAIR_LOCK + 1);
      expect(statuses.at(-1)).toBe(429);
      // And from many other addresses, so that the account's own count is high.
      for (let i = 0; i < 4; i++) {
        await guess(new InjectBrowser(app, `198.51.100.${i + 1}`), 3);
      }

      waits = [];
      expect(await ownerSignsIn(owner)).toBe(200);
      // The device is held only by its own count: no wait.
      expect(waits).toEqual([]);
      // Without the cookie, from that address, the owner is locked out with the attacker.
      expect(await ownerSignsIn(new InjectBrowser(app, '192.0.2.30'))).toBe(429);
    });

    it('still limits guessing with a device cookie, per device', async () => {
      const owner = new InjectBrowser(app, '192.0.2.40');
      expect(await ownerSignsIn(owner)).toBe(200);
      const statuses = await guess(owner, LIMITS.device.lockAfter ?? 0);
      expect(statuses.every((s) => s === 401)).toBe(true);
      expect((await guess(owner, 1))[0]).toBe(429);
      // A device cookie of another account does not count as one of this account.
      const other = new InjectBrowser(app, '192.0.2.41');
      const { uid } = await startSignIn(other);
      const signedIn = await postLogin(other, uid, DEMO_USERS[1].email, DEMO_USERS[1].password);
      expect(signedIn.statusCode).toBe(200);
      expect(other.has(deviceCookieName(dana.email))).toBe(false);
    });

    it('slows an attacker spread over many addresses, with a capped delay and no lock', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        statuses.push(...(await guess(new InjectBrowser(app, `198.51.100.${i + 10}`), 3)));
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
      // The account's count adds a delay from the sixth failure, growing to the cap.
      expect(waits.length).toBeGreaterThan(10);
      expect(Math.max(...waits)).toBe(THROTTLE.maxDelayMs);
      waits = [];
      expect(await ownerSignsIn(new InjectBrowser(app, '192.0.2.50'))).toBe(200);
      expect(waits[0]).toBeLessThanOrEqual(THROTTLE.maxDelayMs);
      // The owner's success clears the account's count: the next attempt waits no longer.
      waits = [];
      expect(await ownerSignsIn(new InjectBrowser(app, '192.0.2.51'))).toBe(200);
      expect(waits).toEqual([]);
    });

    it('counts the socket address, whatever X-Forwarded-For says, by default', async () => {
      const attacker = new InjectBrowser(app, '198.51.100.77');
      const { uid } = await startSignIn(attacker);
      const statuses: number[] = [];
      for (let i = 0; i < PAIR_LOCK + 1; i++) {
        const response = await postLogin(attacker, uid, dana.email, WRONG, {
          'x-forwarded-for': `10.9.8.${i}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      const keys = (await t.database.db.select().from(loginThrottle)).map((row) => row.key);
      expect(keys).toContain('ip:198.51.100.77');
      expect(keys.some((key) => key.includes('10.9.8.'))).toBe(false);
    });

    it('ties every step to the interaction of the browser’s cookie', async () => {
      const browser = new InjectBrowser(app, '192.0.2.60');
      const first = await startSignIn(browser);
      const second = await startSignIn(new InjectBrowser(app, '192.0.2.60'));
      // The path names an interaction this browser does not hold: refused before any check.
      for (const path of ['login', 'register', 'details', 'abort', '']) {
        const url = `/oidc-interaction/${second.uid}${path ? `/${path}` : ''}`;
        const post = path === 'login' || path === 'register' || path === 'abort';
        // The cookie is scoped to its interaction's path: sent to the other one by hand.
        const response = await app.inject({
          method: post ? 'POST' : 'GET',
          url,
          remoteAddress: '192.0.2.60',
          headers: {
            cookie: browser.cookieHeaderFor(`/oidc-interaction/${first.uid}/login`),
            'content-type': 'application/json',
          },
          ...(post
            ? {
                payload: JSON.stringify(
                  path === 'register'
                    ? {
                        firstName: 'Eve',
                        lastName: 'Mallory',
                        email: 'eve@example.com',
                        password: 'A-long-enough-password-1',
                        country: 'GB',
                      }
                    : { email: dana.email, password: WRONG },
                ),
              }
            : {}),
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'interaction_mismatch' } });
      }
      // No cookie at all: the same.
      const bare = await app.inject({
        method: 'POST',
        url: `/oidc-interaction/${first.uid}/login`,
        remoteAddress: '192.0.2.60',
        payload: { email: dana.email, password: WRONG },
      });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toMatchObject({ error: { code: 'interaction_mismatch' } });
      // No password was checked: nothing was counted.
      expect(await t.database.db.select().from(loginThrottle)).toEqual([]);
      // The browser's own interaction works.
      const own = await postLogin(browser, first.uid, dana.email, dana.password);
      expect(own.statusCode).toBe(200);
    });
  });

  describe(`sign-in behind a configured proxy (${target.kind})`, () => {
    let t: TestDatabase;
    let app: FastifyInstance;
    const PROXY = '10.0.0.5';

    beforeAll(async () => {
      t = await target.open();
      app = await buildTestApp(t.database, {
        trustProxy: [PROXY],
        signIn: { wait: () => Promise.resolve() },
      });
      await seedDemoUsers(t.database.db);
    });

    afterAll(async () => {
      await app.close();
      await t.dispose();
    });

    it('counts the forwarded client address when the request comes from the proxy', async () => {
      const proxied = new InjectBrowser(app, PROXY);
      const { uid } = await startSignIn(proxied);
      const forwardedFor = (client: string) => ({ 'x-forwarded-for': client });
      // Each client behind the proxy has its own count: eleven clients, one failure each.
      for (let i = 0; i < PAIR_LOCK + 1; i++) {
        const response = await postLogin(
          proxied,
          uid,
          dana.email,
          WRONG,
          forwardedFor(`203.0.113.${i + 1}`),
        );
        expect(response.statusCode).toBe(401);
      }
      const keys = (await t.database.db.select().from(loginThrottle)).map((row) => row.key);
      expect(keys).toContain('ip:203.0.113.1');
      expect(keys).not.toContain(`ip:${PROXY}`);
      // One client behind the proxy that keeps guessing is locked out, the others are not.
      for (let i = 0; i < PAIR_LOCK - 1; i++) {
        await postLogin(proxied, uid, dana.email, WRONG, forwardedFor('203.0.113.1'));
      }
      expect(
        (await postLogin(proxied, uid, dana.email, WRONG, forwardedFor('203.0.113.1'))).statusCode,
      ).toBe(429);
      expect(
        (await postLogin(proxied, uid, dana.email, dana.password, forwardedFor('203.0.113.2')))
          .statusCode,
      ).toBe(200);
    });

    it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
      const direct = new InjectBrowser(app, '198.51.100.99');
      const { uid } = await startSignIn(direct);
      await postLogin(direct, uid, dana.email, WRONG, { 'x-forwarded-for': '203.0.113.200' });
      const keys = (await t.database.db.select().from(loginThrottle)).map((row) => row.key);
      expect(keys).toContain('ip:198.51.100.99');
      expect(keys).not.toContain('ip:203.0.113.200');
    });
  });
}
