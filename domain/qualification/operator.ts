/**
 * What the store's staff give when they review qualifications (`npm run qualifications`;
 * decision 057), checked by the tool and again by the store (the operator channel).
 */
import * as z from 'zod';
import { QUALIFICATION_LEVELS } from '../validation/account';
import { QUALIFICATION_LIMITS, QUALIFICATION_STATUSES } from './qualification';

export const qualificationIdSchema = z.uuid();
export const reviewLevelSchema = z.enum(QUALIFICATION_LEVELS);
export const reviewReasonSchema = z.string().trim().min(1).max(QUALIFICATION_LIMITS.reason);
/** `all`, or one status (the list shows pending ones by default). */
export const qualificationListStatusSchema = z.enum(['all', ...QUALIFICATION_STATUSES]);
export const QUALIFICATION_LIST_LIMIT_MAX = 10_000;
export const qualificationListLimitSchema = z.int().min(1).max(QUALIFICATION_LIST_LIMIT_MAX);
