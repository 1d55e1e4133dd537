/**
 * Which checkout challenge the store uses, from its environment (decision 061):
 * CHECKOUT_CHALLENGE (default `sandbox`, the checkbox the store serves itself) and, for the
 * sandbox, CHALLENGE_SANDBOX_SECRET (its signing secret; absent, one per process). A provider
 * this build has no adapter for stops the store at start, as the payment gateway's does.
 */
import * as z from 'zod';
import type { Db } from '../db/database';
import { SandboxChallenge, type SandboxChallengeOptions } from './sandbox/sandbox-challenge';
import type { ChallengeVerifier } from './verifier';

export const CHALLENGE_PROVIDERS = ['sandbox', 'recaptcha'] as const;
export type ChallengeProviderId = (typeof CHALLENGE_PROVIDERS)[number];

export interface ChallengeConfig {
  readonly provider: ChallengeProviderId;
  /** The sandbox's signing secret; never sent to a browser, never logged. */
  readonly sandboxSecret: string | undefined;
}

export const challengeEnvSchema = z.object({
  CHECKOUT_CHALLENGE: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 'sandbox' : value))
    .pipe(
      z.enum(CHALLENGE_PROVIDERS, {
        error: `CHECKOUT_CHALLENGE must be one of ${CHALLENGE_PROVIDERS.join(', ')}`,
      }),
    ),
  CHALLENGE_SANDBOX_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .min(32, { error: 'CHALLENGE_SANDBOX_SECRET must be at least 32 characters' })
        .max(500)
        .optional(),
    ),
});

export class ChallengeConfigError extends Error {
  override readonly name = 'ChallengeConfigError';
}

/** The challenge settings of the environment; throws ChallengeConfigError naming what is wrong. */
export function challengeConfigFrom(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ChallengeConfig {
  const parsed = challengeEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ChallengeConfigError(`Invalid environment: ${problems}`);
  }
  return {
    provider: parsed.data.CHECKOUT_CHALLENGE,
    sandboxSecret: parsed.data.CHALLENGE_SANDBOX_SECRET,
  };
}

/** The verifier the configuration names; throws ChallengeConfigError for one not built in. */
export function createChallengeVerifier(
  config: ChallengeConfig,
  db: Db,
  options: Omit<SandboxChallengeOptions, 'secret'> = {},
): ChallengeVerifier {
  switch (config.provider) {
    case 'sandbox':
      return new SandboxChallenge(db, { ...options, secret: config.sandboxSecret });
    case 'recaptcha':
      throw new ChallengeConfigError(
        'CHECKOUT_CHALLENGE=recaptcha: this build has no reCAPTCHA adapter. ' +
          'docs/decisions/061-third-party-payment-and-checkout-challenge.md lists what it takes; ' +
          'until then use CHECKOUT_CHALLENGE=sandbox',
      );
  }
}
