/**
 * Online training participants (SPEC 2.5, 5): first and last name, email, and two preferred
 * training dates at least six weeks ahead.
 */
import * as z from 'zod';
import { dayNumber } from '../shared/calendar';
import { email, FIELD_LIMITS, personName, requiredText } from './fields';
import { V } from './messages';

/** SPEC 5, 9: training dates at least six weeks out. */
export const TRAINING_LEAD_DAYS = 42;

export function trainingParticipantSchema(options: { readonly today: string }) {
  const today = dayNumber(options.today);
  if (today === undefined) throw new RangeError(`Not a date: ${options.today}`);
  const trainingDate = requiredText(10, {
    format: { pattern: (value) => dayNumber(value) !== undefined, message: V.invalidDate },
  }).superRefine((value, ctx) => {
    const day = dayNumber(value);
    if (day !== undefined && day < today + TRAINING_LEAD_DAYS) {
      ctx.addIssue({ code: 'custom', message: V.trainingDateTooSoon.id });
    }
  });
  return z
    .object({
      firstName: personName(FIELD_LIMITS.name),
      lastName: personName(FIELD_LIMITS.name),
      email: email(FIELD_LIMITS.trainingEmail),
      firstPreferredDate: trainingDate,
      secondPreferredDate: trainingDate,
    })
    .refine(
      (p) =>
        typeof p.firstPreferredDate !== 'string' ||
        p.firstPreferredDate === '' ||
        p.firstPreferredDate !== p.secondPreferredDate,
      {
        error: V.trainingDatesSame.id,
        path: ['secondPreferredDate'],
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      },
    );
}

export type TrainingParticipant = z.output<ReturnType<typeof trainingParticipantSchema>>;
