/**
 * The sandbox payment gateway: the embedded default, playing a real gateway's part. Its
 * hosted fields (routes.ts) turn a card into a one-time token; this adapter describes and
 * saves cards, authorizes, captures, voids and refunds by token. Charges are recorded so tests can prove what was and
 * was not charged. It never sees the card number or security code after tokenizing.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  CARD_BRANDS,
  isCardToken,
  isCardExpired,
  summaryOf,
  type CardBrand,
  type CardSummary,
  type CheckedCard,
  type TokenizedCard,
} from '../../../../domain/payment/card';
import type { HostedFieldsConfig } from '../../../../domain/payment/hosted-fields';
import { isStorableText } from '../../../../domain/validation/storable';
import type { Db } from '../../db/database';
import {
  PaymentGatewayError,
  type AuthorizationResult,
  type ChargeInput,
  type DeclineReason,
  type PaymentGateway,
  type SaveCardInput,
  type VerificationResult,
} from '../gateway';
import {
  behaviourOf,
  CHARGE_PREFIX,
  DECLINE_OF,
  earliestMonth,
  ONE_TIME_PREFIX,
  ONE_TIME_TOKEN_LIFETIME_MS,
  randomId,
  REUSABLE_PREFIX,
  SEEDED_REUSABLE_TOKEN,
  type SandboxBehaviour,
} from './sandbox-cards';
import { sandboxCharges, sandboxTokens } from './sandbox-tables';

/** Where the sandbox's hosted fields are served (routes.ts). */
export const SANDBOX_PATH_PREFIX = '/payment-sandbox/';
export const SANDBOX_FIELDS_PATH = '/payment-sandbox/fields';

export interface SandboxOptions {
  /** The clock (tests move it). */
  readonly now?: () => Date;
}

type TokenRow = typeof sandboxTokens.$inferSelect;

function brandOfRow(name: string): CardBrand {
  return CARD_BRANDS.find((brand) => brand === name) ?? 'unknown';
}

function summaryOfRow(row: TokenRow): CardSummary {
  return {
    brand: brandOfRow(row.brand),
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
  };
}

/** Keeps a checked card as a one-time token: its summary and behaviour, never its digits. */
export async function createSandboxToken(
  db: Db,
  card: CheckedCard,
  now: Date,
): Promise<TokenizedCard> {
  const summary = summaryOf(card);
  const token = randomId(ONE_TIME_PREFIX);
  await db.insert(sandboxTokens).values({
    token,
    kind: 'one-time',
    ...summary,
    behaviour: behaviourOf(card.digits),
    createdAt: now,
  });
  return { token, ...summary };
}

function isText(value: unknown, max: number): value is string {
  return (
    typeof value === 'string' && value.length > 0 && value.length <= max && isStorableText(value)
  );
}

function checkChargeInput(input: ChargeInput): void {
  const { amountMinor, currency, reference, idempotencyKey } = input;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > 1e12) {
    throw new PaymentGatewayError(
      'invalid_request',
      'The amount must be a positive whole number of minor units',
    );
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new PaymentGatewayError('invalid_request', 'The currency must be an ISO 4217 code');
  }
  if (!isText(reference, 200)) {
    throw new PaymentGatewayError(
      'invalid_request',
      'The reference must be text of 1 to 200 characters',
    );
  }
  if (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
    throw new PaymentGatewayError(
      'invalid_request',
      'The idempotency key must be 1 to 255 printable characters',
    );
  }
}

export class SandboxGateway implements PaymentGateway {
  readonly id = 'sandbox';
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    options: SandboxOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  clientConfig(): HostedFieldsConfig {
    return { gateway: 'sandbox', frameUrl: SANDBOX_FIELDS_PATH };
  }

  /** A token's row if it may still be used: a one-time token unused and within its day. */
  private async usableToken(db: Db, token: string): Promise<TokenRow | undefined> {
    if (!isCardToken(token)) return undefined;
    const [row] = await db.select().from(sandboxTokens).where(eq(sandboxTokens.token, token));
    if (!row) return undefined;
    if (row.kind === 'reusable') return row;
    return this.isFresh(row) && row.usedAt === null ? row : undefined;
  }

  private isFresh(row: TokenRow): boolean {
    return this.now().getTime() - row.createdAt.getTime() < ONE_TIME_TOKEN_LIFETIME_MS;
  }

  async describe(token: string): Promise<CardSummary | null> {
    const row = await this.usableToken(this.db, token);
    return row ? summaryOfRow(row) : null;
  }

  async verify(token: string): Promise<VerificationResult | null> {
    const row = await this.usableToken(this.db, token);
    if (!row) return null;
    const behaviour = row.behaviour as SandboxBehaviour;
    if (behaviour !== 'approve') return { status: 'declined', reason: DECLINE_OF[behaviour] };
    if (isCardExpired({ year: row.expYear, month: row.expMonth }, earliestMonth(this.now()))) {
      return { status: 'declined', reason: 'expired-card' };
    }
    return { status: 'verified', card: summaryOfRow(row) };
  }

  async saveCard({ token, customerRef }: SaveCardInput): Promise<TokenizedCard> {
    if (!isText(customerRef, 200)) {
      throw new PaymentGatewayError(
        'invalid_request',
        'The customer reference must be text of 1 to 200 characters',
      );
    }
    const [source] = isCardToken(token)
      ? await this.db.select().from(sandboxTokens).where(eq(sandboxTokens.token, token))
      : [];
    // Saving follows the charge it paid for, so a used one-time token may still be saved.
    if (!source || (source.kind === 'one-time' && !this.isFresh(source))) {
      throw new PaymentGatewayError('unknown_token', 'The card token is unknown or has expired');
    }
    if (source.kind === 'reusable') {
      if (source.customerRef !== customerRef) {
        throw new PaymentGatewayError(
          'unknown_token',
          'The saved card belongs to another customer',
        );
      }
      return { token: source.token, ...summaryOfRow(source) };
    }
    const saved: typeof sandboxTokens.$inferInsert = {
      token: randomId(REUSABLE_PREFIX),
      kind: 'reusable',
      brand: source.brand,
      last4: source.last4,
      expMonth: source.expMonth,
      expYear: source.expYear,
      behaviour: source.behaviour,
      sourceToken: source.token,
      customerRef,
      createdAt: this.now(),
    };
    await this.db.insert(sandboxTokens).values(saved).onConflictDoNothing();
    // The same token saved twice for the same buyer is the same saved card.
    const [row] = await this.db
      .select()
      .from(sandboxTokens)
      .where(
        and(
          eq(sandboxTokens.sourceToken, source.token),
          eq(sandboxTokens.customerRef, customerRef),
        ),
      );
    if (!row) throw new PaymentGatewayError('unavailable', 'The saved card was not kept');
    return { token: row.token, ...summaryOfRow(row) };
  }

  async deleteCard(token: string, customerRef: string): Promise<void> {
    if (!isCardToken(token)) return;
    await this.db
      .delete(sandboxTokens)
      .where(
        and(
          eq(sandboxTokens.token, token),
          eq(sandboxTokens.kind, 'reusable'),
          eq(sandboxTokens.customerRef, customerRef),
        ),
      );
  }

  async authorize(input: ChargeInput): Promise<AuthorizationResult> {
    checkChargeInput(input);
    // A token that is no token at all is refused before it reaches a table.
    if (!isCardToken(input.token)) {
      return { status: 'declined', reason: 'processing-error' };
    }
    return this.db.transaction(async (tx) => {
      // One payment attempt per key at a time, on PGlite and across PostgreSQL connections.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`payment-sandbox:${input.idempotencyKey}`}))`,
      );
      const [earlier] = await tx
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
      if (earlier) {
        if (
          earlier.token !== input.token ||
          earlier.amountMinor !== input.amountMinor ||
          earlier.currency !== input.currency ||
          earlier.reference !== input.reference
        ) {
          throw new PaymentGatewayError(
            'idempotency_conflict',
            'This idempotency key was used for another payment',
          );
        }
        return earlier.status === 'declined'
          ? {
              status: 'declined',
              reason: (earlier.declineReason ?? 'processing-error') as DeclineReason,
            }
          : { status: 'authorized', authorizationId: earlier.id };
      }
      const outcome = await this.decide(tx, input.token);
      const id = randomId(CHARGE_PREFIX);
      await tx.insert(sandboxCharges).values({
        id,
        idempotencyKey: input.idempotencyKey,
        token: input.token,
        amountMinor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        status: outcome === 'approve' ? 'authorized' : 'declined',
        declineReason: outcome === 'approve' ? null : outcome,
        createdAt: this.now(),
      });
      return outcome === 'approve'
        ? { status: 'authorized', authorizationId: id }
        : { status: 'declined', reason: outcome };
    });
  }

  /** What charging the token does; a one-time token is used up by an approved charge. */
  private async decide(db: Db, token: string): Promise<'approve' | DeclineReason> {
    const row = await this.usableToken(db, token);
    if (!row) {
      // The demo data's saved cards are not in the sandbox's tables: they are approved.
      return SEEDED_REUSABLE_TOKEN.test(token) ? 'approve' : 'processing-error';
    }
    const behaviour = row.behaviour as SandboxBehaviour;
    if (behaviour !== 'approve') return DECLINE_OF[behaviour];
    // A saved card may have expired since it was saved.
    if (isCardExpired({ year: row.expYear, month: row.expMonth }, earliestMonth(this.now()))) {
      return 'expired-card';
    }
    if (row.kind === 'one-time') {
      // Conditional, so two payments racing for one token cannot both take it.
      const used = await db
        .update(sandboxTokens)
        .set({ usedAt: this.now() })
        .where(and(eq(sandboxTokens.token, token), isNull(sandboxTokens.usedAt)))
        .returning({ token: sandboxTokens.token });
      if (used.length === 0) return 'processing-error';
    }
    return 'approve';
  }

  /** A charge of the sandbox's by id (an unknown one is the store's mistake). */
  private async chargeRow(id: string, idempotencyKey: string) {
    if (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
      throw new PaymentGatewayError(
        'invalid_request',
        'The idempotency key must be 1 to 255 printable characters',
      );
    }
    const [charge] = isCardToken(id)
      ? await this.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id))
      : [];
    if (!charge) throw new PaymentGatewayError('unknown_charge', 'No such charge');
    return charge;
  }

  async capture(authorizationId: string, idempotencyKey: string): Promise<{ chargeId: string }> {
    const charge = await this.chargeRow(authorizationId, idempotencyKey);
    // Conditional: capturing twice (a retry) takes once.
    await this.db
      .update(sandboxCharges)
      .set({ status: 'approved', capturedAt: this.now() })
      .where(and(eq(sandboxCharges.id, charge.id), eq(sandboxCharges.status, 'authorized')));
    const [after] = await this.db
      .select({ status: sandboxCharges.status })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, charge.id));
    if (after?.status !== 'approved' && after?.status !== 'refunded') {
      throw new PaymentGatewayError(
        'not_capturable',
        `A charge that is ${String(after?.status)} cannot be captured`,
      );
    }
    return { chargeId: charge.id };
  }

  async void(authorizationId: string, idempotencyKey: string): Promise<void> {
    const charge = await this.chargeRow(authorizationId, idempotencyKey);
    if (charge.status === 'approved' || charge.status === 'refunded') {
      throw new PaymentGatewayError('not_voidable', 'A captured charge is refunded, not voided');
    }
    await this.db
      .update(sandboxCharges)
      .set({ status: 'voided', voidedAt: this.now() })
      .where(and(eq(sandboxCharges.id, charge.id), eq(sandboxCharges.status, 'authorized')));
  }

  async refund(chargeId: string, idempotencyKey: string): Promise<void> {
    const charge = await this.chargeRow(chargeId, idempotencyKey);
    if (charge.status === 'declined' || charge.status === 'voided') {
      throw new PaymentGatewayError(
        'not_refundable',
        'A declined or voided charge took nothing to give back',
      );
    }
    if (charge.status === 'authorized') {
      throw new PaymentGatewayError('not_refundable', 'An authorization is voided, not refunded');
    }
    // Conditional: refunding twice (a retry, or two keys) gives back once.
    await this.db
      .update(sandboxCharges)
      .set({ status: 'refunded', refundKey: idempotencyKey, refundedAt: this.now() })
      .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, 'approved')));
  }
}
