import { describe, expect, it } from 'vitest';
import {
  aimswebPlusAccountSchema,
  coversCart,
  customerAccountSchema,
  levelCovers,
  purchasableLevels,
  qGlobalAccountSchema,
  qualifiedUserEmailSchema,
  requiredLevel,
  termsSchema,
} from './account';
import { errorsOf } from './test-helpers';

describe('customer account number (SPEC 5, 8)', () => {
  it('takes a 4-digit organization number or a 12-character temporary number', () => {
    expect(errorsOf(customerAccountSchema, { accountNumber: '4821', termsAccepted: true })).toEqual(
      [],
    );
    expect(
      errorsOf(customerAccountSchema, { accountNumber: 'TMP8K2Q9Z1X4', termsAccepted: true }),
    ).toEqual([]);
  });

  it('asks for the number and for the terms, in the spec words', () => {
    expect(errorsOf(customerAccountSchema, { accountNumber: '', termsAccepted: false })).toEqual([
      'accountNumber: Please enter account number',
      'termsAccepted: Please agree to Terms & conditions',
    ]);
  });

  it.each(['482', '48211', 'TMP8K2Q9Z1X', 'TMP8K2Q9Z1X45', 'TMP-K2Q9Z1X4'])('rejects %s', (n) => {
    expect(errorsOf(customerAccountSchema, { accountNumber: n, termsAccepted: true })).toEqual([
      'accountNumber: Enter a 4-digit account number or a 12-character temporary account number.',
    ]);
  });
});

describe('qualified user email (SPEC 5)', () => {
  it('is required, well formed and at most 150 characters', () => {
    expect(errorsOf(qualifiedUserEmailSchema, '')).toEqual([': This field is required.']);
    expect(errorsOf(qualifiedUserEmailSchema, 'dr.jones@')).toEqual([
      ': Please enter a valid email address.',
    ]);
    expect(errorsOf(qualifiedUserEmailSchema, `${'a'.repeat(140)}@clinic.example`)).toEqual([
      ': Enter no more than 150 characters.',
    ]);
    expect(errorsOf(qualifiedUserEmailSchema, `${'a'.repeat(100)}@clinic.example`)).toEqual([]);
  });
});

describe('Q-global, aimswebPlus and terms (SPEC 5)', () => {
  it('requires a Q-global account number', () => {
    expect(errorsOf(qGlobalAccountSchema, { accountNumber: '' })).toEqual([
      'accountNumber: This field is required.',
    ]);
  });

  it('requires the aimswebPlus fields and the terms', () => {
    expect(errorsOf(aimswebPlusAccountSchema, { accountNumber: '', termsAccepted: false })).toEqual(
      ['accountNumber: This field is required.', 'termsAccepted: This field is required.'],
    );
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(termsSchema, false)).toEqual([': This field is required.']);
    expect(errorsOf(termsSchema, true)).toEqual([]);
  });
});

describe('qualification levels (SPEC 1, 5, 6)', () => {
  it('lets a level buy its own items and those below: C is highest', () => {
    expect(levelCovers('B', 'A')).toBe(true);
    expect(levelCovers('B', 'B')).toBe(true);
    expect(levelCovers('B', 'C')).toBe(false);
    expect(levelCovers('A', 'B')).toBe(false);
    expect(levelCovers('C', 'A')).toBe(true);
  });

  it('shows what each level may buy', () => {
    expect(purchasableLevels('A')).toEqual(['A']);
    expect(purchasableLevels('B')).toEqual(['A', 'B']);
    expect(purchasableLevels('C')).toEqual(['A', 'B', 'C']);
  });

  it('needs the highest level of the cart, and nothing for unrestricted items', () => {
    expect(requiredLevel(['A', null, 'C', 'B'])).toBe('C');
    expect(requiredLevel([null, null])).toBeNull();
    expect(coversCart('B', ['A', 'B', null])).toBe(true);
    expect(coversCart('B', ['A', 'C'])).toBe(false);
    expect(coversCart('A', [])).toBe(true);
  });
});
