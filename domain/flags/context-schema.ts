/** SPEC 5: a feature-flag context must have a key or be anonymous. */
import * as z from 'zod';
import { V } from '../validation/messages';
import { ANONYMOUS_KEY } from './context';

export const flagContextSchema = z
  .object({
    kind: z.literal('user'),
    key: z.string().trim(),
    anonymous: z.boolean(),
    siteUid: z.string(),
    storeUid: z.string(),
    locale: z.string(),
    country: z.string(),
  })
  .refine(
    (c) => (c.anonymous ? c.key === ANONYMOUS_KEY : c.key !== '' && c.key !== ANONYMOUS_KEY),
    { error: V.flagContextKey.id, path: ['key'] },
  );
