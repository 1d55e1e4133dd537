/**
 * Which payment gateway the store uses, from its environment (decision 026):
 * PAYMENT_GATEWAY (default `sandbox`, the embedded stand-in), and for a real gateway its
 * keys, PAYMENT_GATEWAY_SECRET_KEY and PAYMENT_GATEWAY_PUBLISHABLE_KEY. A gateway this
 * build has no adapter for stops the store at start with what is missing, rather than
 * taking orders it could not charge.
 */
import * as z from 'zod';
import type { Db } from '../db/database';
import type { PaymentGateway } from './gateway';
import { SandboxGateway, type SandboxOptions } from './sandbox/sandbox-gateway';

export const PAYMENT_GATEWAYS = ['sandbox', 'stripe', 'adyen'] as const;

export type PaymentGatewayId = (typeof PAYMENT_GATEWAYS)[number];

export interface PaymentConfig {
  readonly gateway: PaymentGatewayId;
  /** The gateway's server-side key; never sent to a browser, never logged. */
  readonly secretKey: string | undefined;
  /** The gateway's public key, for its script in the browser. */
  readonly publishableKey: string | undefined;
}

const optionalKey = z
  .string()
  .trim()
  .max(500)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** The environment variables of the payment gateway, to fold into the server's schema. */
export const paymentEnvSchema = z.object({
  PAYMENT_GATEWAY: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value === undefined || value === '' ? 'sandbox' : value))
    .pipe(
      z.enum(PAYMENT_GATEWAYS, {
        error: `PAYMENT_GATEWAY must be one of ${PAYMENT_GATEWAYS.join(', ')}`,
      }),
    ),
  PAYMENT_GATEWAY_SECRET_KEY: optionalKey,
  PAYMENT_GATEWAY_PUBLISHABLE_KEY: optionalKey,
});

export class PaymentConfigError extends Error {
  override readonly name = 'PaymentConfigError';
}

/** The payment settings of the environment; throws PaymentConfigError naming what is wrong. */
export function paymentConfigFrom(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PaymentConfig {
  const parsed = paymentEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new PaymentConfigError(`Invalid environment: ${problems}`);
  }
  const config: PaymentConfig = {
    gateway: parsed.data.PAYMENT_GATEWAY,
    secretKey: parsed.data.PAYMENT_GATEWAY_SECRET_KEY,
    publishableKey: parsed.data.PAYMENT_GATEWAY_PUBLISHABLE_KEY,
  };
  if (config.gateway !== 'sandbox') {
    const missing = [
      config.secretKey === undefined ? 'PAYMENT_GATEWAY_SECRET_KEY' : undefined,
      config.publishableKey === undefined ? 'PAYMENT_GATEWAY_PUBLISHABLE_KEY' : undefined,
    ].filter((name) => name !== undefined);
    if (missing.length > 0) {
      throw new PaymentConfigError(
        `PAYMENT_GATEWAY=${config.gateway} needs ${missing.join(' and ')}`,
      );
    }
  }
  return config;
}

/** The gateway the configuration names; throws PaymentConfigError for one not built in. */
export function createPaymentGateway(
  config: PaymentConfig,
  db: Db,
  options: SandboxOptions = {},
): PaymentGateway {
  switch (config.gateway) {
    case 'sandbox':
      return new SandboxGateway(db, options);
    case 'stripe':
    case 'adyen':
      throw new PaymentConfigError(
        `PAYMENT_GATEWAY=${config.gateway}: this build has no ${config.gateway} adapter. ` +
          `docs/decisions/026-payment-gateway.md lists what it takes; until then use PAYMENT_GATEWAY=sandbox`,
      );
  }
}
