import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/calendar';
import { errorsOf } from './test-helpers';
import { trainingParticipantSchema } from './training';

const today = '2026-11-22';
const schema = trainingParticipantSchema({ today });
const good = {
  firstName: 'Siobhán',
  lastName: "O'Neill-Smith",
  email: 'siobhan@school.example',
  firstPreferredDate: addDays(today, 42),
  secondPreferredDate: addDays(today, 60),
};

describe('training participants (SPEC 5)', () => {
  it('accepts names with letters, apostrophes, hyphens and spaces, and dates six weeks out', () => {
    expect(errorsOf(schema, good)).toEqual([]);
  });

  it('rejects a date less than six weeks ahead', () => {
    expect(errorsOf(schema, { ...good, firstPreferredDate: addDays(today, 41) })).toEqual([
      'firstPreferredDate: Choose a date at least six weeks from today.',
    ]);
  });

  it('rejects a date that is not a date, and the same date twice', () => {
    expect(errorsOf(schema, { ...good, secondPreferredDate: '2027-02-30' })).toEqual([
      'secondPreferredDate: Please enter a valid date.',
    ]);
    expect(errorsOf(schema, { ...good, secondPreferredDate: good.firstPreferredDate })).toEqual([
      'secondPreferredDate: Choose two different dates.',
    ]);
  });

  it('requires every field', () => {
    expect(
      errorsOf(schema, {
        firstName: '',
        lastName: '',
        email: '',
        firstPreferredDate: '',
        secondPreferredDate: '',
      }),
    ).toEqual([
      'firstName: This field is required.',
      'lastName: This field is required.',
      'email: This field is required.',
      'firstPreferredDate: This field is required.',
      'secondPreferredDate: This field is required.',
    ]);
  });

  it('limits names to 60 characters and email to 64', () => {
    expect(
      errorsOf(schema, {
        ...good,
        firstName: 'A'.repeat(61),
        email: `${'a'.repeat(55)}@school.example`,
      }),
    ).toEqual([
      'firstName: Enter no more than 60 characters.',
      'email: Enter no more than 64 characters.',
    ]);
    expect(errorsOf(schema, { ...good, firstName: 'A'.repeat(60) })).toEqual([]);
  });

  it('rejects a malformed email', () => {
    expect(errorsOf(schema, { ...good, email: 'siobhan@' })).toEqual([
      'email: Please enter a valid email address.',
    ]);
  });

  it('accepts any name made of letters, apostrophes, hyphens and spaces (property)', () => {
    const nameChar = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCZéèçñüøÅßЖλ'- ");
    fc.assert(
      fc.property(
        fc.string({ unit: nameChar, minLength: 1, maxLength: 59 }),
        fc.constantFrom('a', 'Z', 'é'),
        (rest, letter) => {
          const name = `${letter}${rest}`;
          expect(errorsOf(schema, { ...good, firstName: name })).toEqual([]);
        },
      ),
    );
  });

  it('rejects any name holding another character, with the name message (property)', () => {
    const bad = fc.constantFrom(...'0123456789!@#$%^&*()_+=[]{};:"<>?/\\|~`.,');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' '), maxLength: 20 }),
        bad,
        (rest, c) => {
          expect(errorsOf(schema, { ...good, firstName: `Jo${c}${rest}` })).toEqual([
            'firstName: Use only letters, apostrophes, hyphens and spaces.',
          ]);
        },
      ),
    );
  });
});
