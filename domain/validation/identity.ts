/**
 * Sign-in and registration (SPEC 5: the identity library's policy messages: {field} is
 * required, must be unique, at least/at most N characters, at least N capital letters or
 * numeric values, must not contain given characters or duplicates, invalid email address,
 * phone number or name format).
 */
import * as z from 'zod';
import type { MessageDescriptor } from '../shared/message';
import { findCountry } from './address';
import { PERSON_NAME } from './fields';

export const IDENTITY_MESSAGES = {
  required: /*i18n*/ { id: 'identity.required', message: '{field} is required.' },
  unique: /*i18n*/ { id: 'identity.unique', message: '{field} must be unique.' },
  minLength: /*i18n*/ {
    id: 'identity.min-length',
    message: '{field} must be at least {min} characters.',
  },
  maxLength: /*i18n*/ {
    id: 'identity.max-length',
    message: '{field} must be at most {max} characters.',
  },
  capitalsOrDigits: /*i18n*/ {
    id: 'identity.capitals-or-digits',
    message: '{field} must contain at least {count} capital letters or numeric values.',
  },
  forbiddenCharacters: /*i18n*/ {
    id: 'identity.forbidden-characters',
    message: '{field} must not contain {characters}.',
  },
  repeatedCharacters: /*i18n*/ {
    id: 'identity.repeated-characters',
    message: '{field} must not contain the same character {count} times in a row.',
  },
  invalidEmail: /*i18n*/ { id: 'identity.invalid-email', message: 'Invalid email address.' },
  invalidUsername: /*i18n*/ {
    id: 'identity.invalid-username',
    message: 'Enter your username or your email address.',
  },
  invalidPhone: /*i18n*/ { id: 'identity.invalid-phone', message: 'Invalid phone number.' },
  invalidName: /*i18n*/ { id: 'identity.invalid-name', message: 'Invalid name format.' },
  invalidCountry: /*i18n*/ { id: 'identity.invalid-country', message: 'Invalid country.' },
  wrongCredentials: /*i18n*/ {
    id: 'identity.wrong-credentials',
    message: 'The email address or password is not correct.',
  },
  tooManyAttempts: /*i18n*/ {
    id: 'identity.too-many-attempts',
    message: 'Too many failed sign-in attempts. Please try again in {minutes} minutes.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Names of the fields, for {field}; the browser shows its own translated labels. */
export const IDENTITY_FIELDS = {
  email: 'Email address',
  username: 'Username or email address',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  country: 'Country',
} as const;

export const PASSWORD_POLICY = {
  minLength: 10,
  maxLength: 128,
  capitalsOrDigits: 2,
  forbidden: ['<', '>'],
  maxRepeats: 3,
} as const;

const M = IDENTITY_MESSAGES;

type FieldName = keyof typeof IDENTITY_FIELDS;

function issue(
  ctx: z.RefinementCtx,
  descriptor: MessageDescriptor,
  field: FieldName,
  values: Record<string, string | number> = {},
) {
  ctx.addIssue({
    code: 'custom',
    message: descriptor.id,
    params: { text: descriptor.message, values: { field: IDENTITY_FIELDS[field], ...values } },
  });
}

/** Why a password breaks the policy, first problem only; null when it is acceptable. */
export function passwordProblem(
  password: string,
): { descriptor: MessageDescriptor; values: Record<string, string | number> } | null {
  const p = PASSWORD_POLICY;
  if (password.length < p.minLength)
    return { descriptor: M.minLength, values: { min: p.minLength } };
  if (password.length > p.maxLength)
    return { descriptor: M.maxLength, values: { max: p.maxLength } };
  if ([...password].filter((c) => /[A-Z0-9]/.test(c)).length < p.capitalsOrDigits) {
    return { descriptor: M.capitalsOrDigits, values: { count: p.capitalsOrDigits } };
  }
  if (p.forbidden.some((c) => password.includes(c)) || /\s/.test(password)) {
    return { descriptor: M.forbiddenCharacters, values: { characters: '< > or spaces' } };
  }
  if (new RegExp(`(.)\\1{${p.maxRepeats - 1}}`).test(password)) {
    return { descriptor: M.repeatedCharacters, values: { count: p.maxRepeats } };
  }
  return null;
}

const emailFormat = z.email();

function emailField() {
  return z.string({ error: M.required.id }).superRefine((value, ctx) => {
    const v = value.trim();
    if (v === '') issue(ctx, M.required, 'email');
    else if (v.length > 150) issue(ctx, M.maxLength, 'email', { max: 150 });
    else if (!emailFormat.safeParse(v).success) issue(ctx, M.invalidEmail, 'email');
  });
}

function nameField(field: 'firstName' | 'lastName') {
  return z.string({ error: M.required.id }).superRefine((value, ctx) => {
    const v = value.trim();
    if (v === '') issue(ctx, M.required, field);
    else if (v.length > 60) issue(ctx, M.maxLength, field, { max: 60 });
    else if (!PERSON_NAME.test(v)) issue(ctx, M.invalidName, field);
  });
}

export const signInSchema = z.object({
  email: emailField().transform((v) => v.trim()),
  password: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value === '') issue(ctx, M.required, 'password');
    else if (value.length > PASSWORD_POLICY.maxLength) {
      issue(ctx, M.maxLength, 'password', { max: PASSWORD_POLICY.maxLength });
    }
  }),
});

export type SignInInput = z.output<typeof signInSchema>;

/**
 * A username (decision 058): the part of a user's email address before its last @, letters,
 * digits and . _ % + - only. It names a user only while no other user's address has the same.
 */
export const USERNAME = /^[A-Za-z0-9._%+-]{1,64}$/;

export function usernameOf(email: string): string {
  return email.slice(0, email.lastIndexOf('@'));
}

/** Sign-in with the `sso-username-field` flag on: a username or an email address. */
export const usernameSignInSchema = z.object({
  username: z
    .string({ error: M.required.id })
    .superRefine((value, ctx) => {
      const v = value.trim();
      if (v === '') issue(ctx, M.required, 'username');
      else if (v.length > 150) issue(ctx, M.maxLength, 'username', { max: 150 });
      else if (v.includes('@') ? !emailFormat.safeParse(v).success : !USERNAME.test(v)) {
        issue(ctx, M.invalidUsername, 'username');
      }
    })
    .transform((v) => v.trim()),
  password: signInSchema.shape.password,
});

export type UsernameSignInInput = z.output<typeof usernameSignInSchema>;

export const registrationSchema = z.object({
  firstName: nameField('firstName').transform((v) => v.trim()),
  lastName: nameField('lastName').transform((v) => v.trim()),
  email: emailField().transform((v) => v.trim()),
  password: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value === '') {
      issue(ctx, M.required, 'password');
      return;
    }
    const problem = passwordProblem(value);
    if (problem) issue(ctx, problem.descriptor, 'password', problem.values);
  }),
  country: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value.trim() === '') issue(ctx, M.required, 'country');
    else if (!findCountry(value.trim())) issue(ctx, M.invalidCountry, 'country');
  }),
});

export type RegistrationInput = z.output<typeof registrationSchema>;
