import { describe, expect, it } from 'vitest';
import { contactSchema, DEFAULT_PHONE_COUNTRY, phoneCodeOf, phoneProblem } from './contact';
import { validate } from './issues';
import { errorsOf } from './test-helpers';

const contact = {
  firstName: 'Anne-Marie',
  lastName: "D'Arcy",
  email: 'am.darcy@clinic.example',
  phone: { country: 'GB', number: '020 7946 0018' },
};

describe('contact (SPEC 5)', () => {
  it('accepts a complete contact and gives the phone in E.164 with its code', () => {
    const result = validate(contactSchema, contact);
    expect(result).toEqual({
      ok: true,
      value: {
        firstName: 'Anne-Marie',
        lastName: "D'Arcy",
        email: 'am.darcy@clinic.example',
        phone: { countryIso: 'GB', phoneCode: '44', e164: '+442079460018' },
      },
    });
  });

  it('requires first and last name, email and phone', () => {
    expect(
      errorsOf(contactSchema, {
        firstName: ' ',
        lastName: '',
        email: '',
        phone: { country: 'US', number: '' },
      }),
    ).toEqual([
      'firstName: This field is required.',
      'lastName: This field is required.',
      'email: This field is required.',
      'phone.number: This field is required.',
    ]);
  });

  it('allows letters, hyphens, spaces and apostrophes in names only', () => {
    expect(errorsOf(contactSchema, { ...contact, lastName: 'Smith3' })).toEqual([
      'lastName: Use only letters, apostrophes, hyphens and spaces.',
    ]);
  });

  it('limits the email to 64 characters', () => {
    expect(errorsOf(contactSchema, { ...contact, email: `${'a'.repeat(60)}@b.example` })).toEqual([
      'email: Enter no more than 64 characters.',
    ]);
  });

  it('checks the phone against its country and says when it is too short', () => {
    expect(
      errorsOf(contactSchema, { ...contact, phone: { country: 'US', number: '555' } }),
    ).toEqual(['phone.number: The phone number is too short.']);
    expect(
      errorsOf(contactSchema, { ...contact, phone: { country: 'US', number: '020 7946 0018' } }),
    ).toEqual(['phone.number: Please enter a valid phone number for the selected country.']);
    expect(
      errorsOf(contactSchema, { ...contact, phone: { country: 'US', number: '(123) 456-7890' } }),
    ).toEqual(['phone.number: Please enter a valid phone number for the selected country.']);
    expect(phoneProblem('US', '(212) 736-5000')).toBeNull();
    expect(phoneProblem('NL', '020 123 4567')).toBeNull();
    expect(phoneProblem('XX', '123456')).toBe('invalid');
  });

  it('knows the phone code of a country, US and 1 by default (SPEC 9)', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('US');
    expect(phoneCodeOf(DEFAULT_PHONE_COUNTRY)).toBe('1');
    expect(phoneCodeOf('es')).toBe('34');
    expect(phoneCodeOf('XX')).toBeUndefined();
  });
});
