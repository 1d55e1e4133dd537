/**
 * The `Idempotency-Key` of a request that must run online and once (place order, pay,
 * create quote): made by the browser per attempt of the person's action and sent again on
 * a retry, so the server gives the first answer instead of acting twice.
 */
import * as z from 'zod';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,128}$/);
