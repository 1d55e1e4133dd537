/**
 * The checkout challenge's sandbox (decision 061): a checkbox the store serves itself. Ticking
 * it asks `POST /api/challenge-sandbox/tokens` for a token: a JWT signed with HS256 for one
 * action, with its own id, that expires after CHALLENGE_TOKEN_LIFETIME_MS. Verifying checks
 * the signature, the action and the expiry, then spends the token for the attempt that shows
 * it (`challenge_sandbox_spent`, migration 029), so it is good for one place-order attempt.
 *
 * The signing secret comes from CHALLENGE_SANDBOX_SECRET; without it, each process makes its
 * own at start (a token is then good only on the instance that issued it, and not after a
 * restart: set the variable when several instances share the work).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database';
import type {
  ChallengeCheck,
  ChallengeClientConfig,
  ChallengeVerdict,
  ChallengeVerifier,
} from '../verifier';

/** How long a token is good for after the box is ticked. */
export const CHALLENGE_TOKEN_LIFETIME_MS = 2 * 60_000;

export const SANDBOX_CHALLENGE_TOKEN_PATH = '/api/challenge-sandbox/tokens';

const ISSUER = 'challenge-sandbox';

export interface SandboxChallengeOptions {
  /** The signing secret (CHALLENGE_SANDBOX_SECRET); absent: one made for this process. */
  readonly secret?: string | undefined;
  /** The clock (tests move it). */
  readonly now?: () => Date;
}

export interface IssuedChallengeToken {
  readonly token: string;
  /** ISO 8601. */
  readonly expiresAt: string;
}

export class SandboxChallenge implements ChallengeVerifier {
  readonly id = 'sandbox';
  private readonly key: Uint8Array;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: SandboxChallengeOptions = {},
  ) {
    this.key =
      options.secret !== undefined
        ? createHash('sha256').update(options.secret).digest()
        : randomBytes(32);
    this.now = options.now ?? (() => new Date());
  }

  clientConfig(): ChallengeClientConfig {
    return { provider: this.id, tokenUrl: SANDBOX_CHALLENGE_TOKEN_PATH, siteKey: null };
  }

  /** A token for one action, after the box was ticked. */
  async issue(action: string): Promise<IssuedChallengeToken> {
    const now = this.now();
    const expires = new Date(now.getTime() + CHALLENGE_TOKEN_LIFETIME_MS);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(action)
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt: expires.toISOString() };
  }

  async verify(token: string | undefined, check: ChallengeCheck): Promise<ChallengeVerdict> {
    if (token === undefined || token === '') return { ok: false, reason: 'missing' };
    let jti: string | undefined;
    let exp: number | undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: check.action,
        algorithms: ['HS256'],
        currentDate: this.now(),
        requiredClaims: ['jti', 'exp'],
      });
      jti = payload.jti;
      exp = payload.exp;
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
    if (jti === undefined || exp === undefined) return { ok: false, reason: 'invalid' };
    // Spent by this attempt, or already by this very attempt (sent again): good; by another: not.
    const result = await this.db.execute(sql`
      insert into challenge_sandbox_spent (jti, attempt, expires_at)
      values (${jti}, ${check.attempt}, ${new Date(exp * 1000).toISOString()}::timestamptz)
      on conflict (jti) do update set attempt = excluded.attempt
       where challenge_sandbox_spent.attempt = excluded.attempt
      returning jti`);
    const spent = (result as { rows: unknown[] }).rows;
    return spent.length > 0 ? { ok: true } : { ok: false, reason: 'used' };
  }
}
