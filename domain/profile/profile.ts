/**
 * A signed-in user's profile (SPEC 2.7 Profile & Password, Preferences; decision 055): first
 * and last name, a phone number with its country, and the preferences: the storefront whose
 * language the pages and the store's mails use, and whether order and marketing mails are
 * wanted. One stream per user, written by the store on the user's request (never pushed by a
 * browser). The password is the identity provider's business and never an event's.
 */
import * as z from 'zod';
import type { CommandMetadata, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { MessageDescriptor } from '../shared/message';
import { LOCALES, type Locale } from '../storefront/storefronts';
import { phoneProblem } from '../validation/contact';
import { PERSON_NAME } from '../validation/fields';
import { IDENTITY_MESSAGES, PASSWORD_POLICY, passwordProblem } from '../validation/identity';
import { V } from '../validation/messages';
import { isStorableText } from '../validation/storable';
import { PROFILE_MESSAGES } from './messages';

export { PROFILE_MESSAGES };
import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';

/** SPEC 9 field limits: names 60, a contact's email 64. */
export const PROFILE_LIMITS = { name: 60, email: 64, phone: 30 } as const;

/** The names of the fields, for the identity messages' {field}. */
export const PROFILE_FIELDS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  phoneNumber: 'Phone number',
  currentPassword: 'Current password',
  newPassword: 'New password',
} as const;

type ProfileField = keyof typeof PROFILE_FIELDS;

function issue(
  ctx: z.RefinementCtx,
  descriptor: MessageDescriptor,
  field: ProfileField,
  values: Record<string, string | number> = {},
  path?: (string | number)[],
) {
  ctx.addIssue({
    code: 'custom',
    message: descriptor.id,
    params: { text: descriptor.message, values: { field: PROFILE_FIELDS[field], ...values } },
    ...(path ? { path } : {}),
  });
}

const M = IDENTITY_MESSAGES;

function nameField(field: 'firstName' | 'lastName') {
  return z
    .string({ error: M.required.id })
    .superRefine((value, ctx) => {
      const v = value.trim();
      if (v === '') issue(ctx, M.required, field);
      else if (v.length > PROFILE_LIMITS.name) {
        issue(ctx, M.maxLength, field, { max: PROFILE_LIMITS.name });
      } else if (!PERSON_NAME.test(v) || !isStorableText(v)) issue(ctx, M.invalidName, field);
    })
    .transform((v) => v.trim().replace(/\s+/g, ' '));
}

/** An email address as a profile keeps it: required, at most 64 characters, valid. */
export function profileEmailField() {
  const format = z.email();
  return z
    .string({ error: M.required.id })
    .superRefine((value, ctx) => {
      const v = value.trim();
      if (v === '') issue(ctx, M.required, 'email');
      else if (v.length > PROFILE_LIMITS.email) {
        issue(ctx, M.maxLength, 'email', { max: PROFILE_LIMITS.email });
      } else if (!format.safeParse(v).success) issue(ctx, M.invalidEmail, 'email');
    })
    .transform((v) => v.trim());
}

/** A phone number and its country, as stored: E.164 and the ISO country. */
export interface ProfilePhone {
  readonly countryIso: string;
  readonly e164: string;
}

/**
 * The name and phone form: the phone may be left empty (no number kept); given, it must be a
 * number of the country chosen (SPEC 5 Contact) and not too short.
 */
const phoneFields = z
  .object({
    country: z
      .string({ error: V.required.id })
      .trim()
      .max(2, { error: V.invalid.id })
      .transform((c) => c.toUpperCase()),
    number: z.string({ error: V.invalid.id }).max(PROFILE_LIMITS.phone, {
      error: () => ({ message: V.tooLong.id, params: { values: { max: PROFILE_LIMITS.phone } } }),
    }),
  })
  .transform((input, ctx): ProfilePhone | null => {
    const number = input.number.trim();
    if (number === '') return null;
    const problem = phoneProblem(input.country, number);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem === 'too-short' ? V.phoneTooShort.id : V.phoneInvalid.id,
        path: ['number'],
      });
      return z.NEVER;
    }
    const country = input.country;
    const parsed = isSupportedCountry(country)
      ? parsePhoneNumberFromString(number, country)
      : undefined;
    return { countryIso: country, e164: parsed?.number ?? number };
  });

export const profileDetailsSchema = z.object({
  firstName: nameField('firstName'),
  lastName: nameField('lastName'),
  phone: phoneFields,
});

export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

/** The national form of a kept phone number, for the form ('020 7946 0000'). */
export function nationalNumberOf(phone: ProfilePhone | null): string {
  if (!phone) return '';
  return parsePhoneNumberFromString(phone.e164)?.formatNational() ?? phone.e164;
}

/** The calling code shown beside a phone country ('+44'). */
export function callingCodeOf(country: string): string {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : '';
}

export const preferencesSchema = z.object({
  locale: z.enum(LOCALES, { error: V.invalid.id }),
  orderEmails: z.boolean({ error: V.invalid.id }),
  marketingEmails: z.boolean({ error: V.invalid.id }),
});

export type Preferences = z.output<typeof preferencesSchema>;

/** Changing the password: the current one, and a new one within the identity policy. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value === '') issue(ctx, M.required, 'currentPassword');
    else if (value.length > PASSWORD_POLICY.maxLength) {
      issue(ctx, M.maxLength, 'currentPassword', { max: PASSWORD_POLICY.maxLength });
    }
  }),
  newPassword: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value === '') {
      issue(ctx, M.required, 'newPassword');
      return;
    }
    const problem = passwordProblem(value);
    if (problem) issue(ctx, problem.descriptor, 'newPassword', problem.values);
  }),
});

export type PasswordChange = z.output<typeof passwordChangeSchema>;

/**
 * Whom the user buys as (SPEC 1, 6): a user is PERSONAL or ORGANIZATION by the customer
 * account they buy with; switching names the account. `since` is when it was switched.
 */
export interface BuyingAsChoice {
  readonly accountId: string;
  readonly type: 'PERSONAL' | 'ORGANIZATION';
}

export interface BuyingAs extends BuyingAsChoice {
  readonly since: string;
}

/** Asking to buy as another of one's customer accounts. */
export const buyingAsRequestSchema = z.object({
  accountId: z.string({ error: V.required.id }).trim().min(1, { error: V.required.id }).max(64),
});

/**
 * Asking for a new email address (decision 060): the new address (SPEC 5) and the current
 * password; the change waits for the link sent to the new address.
 */
export const emailChangeSchema = z.object({
  email: profileEmailField(),
  currentPassword: z.string({ error: M.required.id }).superRefine((value, ctx) => {
    if (value === '') issue(ctx, M.required, 'currentPassword');
    else if (value.length > PASSWORD_POLICY.maxLength) {
      issue(ctx, M.maxLength, 'currentPassword', { max: PASSWORD_POLICY.maxLength });
    }
  }),
});

export type EmailChangeInput = z.input<typeof emailChangeSchema>;
export type EmailChange = z.output<typeof emailChangeSchema>;

/** How long the link to confirm a new email address works (decision 060). */
export const EMAIL_LINK_HOURS = 24;

/**
 * The link's secret as it travels (32 random bytes, base64url): anything else is no link of
 * ours, and is told so without a lookup.
 */
export const emailLinkSchema = z.object({
  token: z.string({ error: V.invalid.id }).regex(/^[A-Za-z0-9_-]{43}$/, { error: V.invalid.id }),
});

/** A new address waiting for its link: only the hash of the link's secret is kept. */
export interface PendingEmail {
  readonly requestId: string;
  readonly email: string;
  readonly tokenHash: string;
  readonly expiresAt: string;
  readonly requestedAt: string;
}

/**
 * What a link is, for the user who opens it: the one waiting and still good, the one waiting
 * but past its time, one already used to change the address, or anything else (a link
 * replaced by a newer request, another user's, a made-up one).
 */
export type EmailLinkStatus = 'valid' | 'expired' | 'used' | 'invalid';

export function emailLinkStatus(
  state: ProfileState,
  tokenHash: string,
  now: string,
): EmailLinkStatus {
  const pending = state.pendingEmail;
  if (pending && pending.tokenHash === tokenHash) {
    return Date.parse(now) < Date.parse(pending.expiresAt) ? 'valid' : 'expired';
  }
  if (state.usedEmailLinks.includes(tokenHash)) return 'used';
  return 'invalid';
}

/** How many used links a profile remembers, to tell "already used" from "not valid". */
export const REMEMBERED_EMAIL_LINKS = 5;

// ---- The stream ----

export interface ProfileState {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly phone: ProfilePhone | null;
  /** The email address the user confirmed here last (the identity's record has it too). */
  readonly email: string | null;
  /** A new address waiting for its link (decision 060). */
  readonly pendingEmail: PendingEmail | null;
  /** The hashes of the last links used, newest first. */
  readonly usedEmailLinks: readonly string[];
  /** Null until the user chose; then the storefront they chose and their mail consents. */
  readonly preferences: Preferences | null;
  /** The account the user buys as (SPEC 1: PERSONAL or ORGANIZATION), once they switched. */
  readonly buyingAs: BuyingAs | null;
  readonly updatedAt: string | null;
}

export type ProfileCommand =
  | {
      readonly type: 'ChangeDetails';
      readonly data: ProfileDetails;
      readonly metadata: CommandMetadata;
    }
  | {
      readonly type: 'SetPreferences';
      readonly data: Preferences;
      readonly metadata: CommandMetadata;
    }
  | {
      /** A new address and the hash of its link's secret; a newer request replaces it. */
      readonly type: 'RequestEmailChange';
      readonly data: {
        readonly requestId: string;
        readonly email: string;
        readonly previousEmail: string;
        readonly tokenHash: string;
        readonly expiresAt: string;
        /** The storefront whose language the mails of the request are written in. */
        readonly locale: Locale;
        readonly firstName: string;
      };
      readonly metadata: CommandMetadata;
    }
  | {
      readonly type: 'ConfirmEmailChange';
      readonly data: { readonly tokenHash: string };
      readonly metadata: CommandMetadata;
    }
  | {
      readonly type: 'SwitchBuyingAs';
      readonly data: BuyingAsChoice;
      readonly metadata: CommandMetadata;
    };

export type ProfileEvent =
  | {
      readonly type: 'ProfileDetailsChanged';
      readonly v: 1;
      readonly data: ProfileDetails & { readonly at: string };
    }
  | {
      readonly type: 'PreferencesSet';
      readonly v: 1;
      readonly data: Preferences & { readonly at: string };
    }
  | {
      readonly type: 'EmailChangeRequested';
      readonly v: 1;
      readonly data: {
        readonly requestId: string;
        readonly email: string;
        readonly previousEmail: string;
        readonly tokenHash: string;
        readonly expiresAt: string;
        readonly locale: Locale;
        readonly firstName: string;
        readonly at: string;
      };
    }
  | {
      readonly type: 'EmailChanged';
      readonly v: 1;
      readonly data: {
        readonly requestId: string;
        readonly email: string;
        readonly previousEmail: string;
        readonly tokenHash: string;
        readonly at: string;
      };
    }
  | {
      readonly type: 'BuyingAsSwitched';
      readonly v: 1;
      readonly data: BuyingAsChoice & { readonly at: string };
    };

export function initialProfileState(): ProfileState {
  return {
    firstName: null,
    lastName: null,
    phone: null,
    email: null,
    pendingEmail: null,
    usedEmailLinks: [],
    preferences: null,
    buyingAs: null,
    updatedAt: null,
  };
}

const samePhone = (a: ProfilePhone | null, b: ProfilePhone | null) =>
  a?.countryIso === b?.countryIso && a?.e164 === b?.e164;

/** A command that changes nothing appends nothing (a second click, a replayed request). */
export function decideProfile(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'ChangeDetails': {
      const d = command.data;
      if (
        d.firstName === state.firstName &&
        d.lastName === state.lastName &&
        samePhone(d.phone, state.phone)
      ) {
        return [];
      }
      return [{ type: 'ProfileDetailsChanged', v: 1, data: { ...d, at } }];
    }
    case 'SetPreferences': {
      const p = command.data;
      const now = state.preferences;
      if (
        now?.locale === p.locale &&
        now.orderEmails === p.orderEmails &&
        now.marketingEmails === p.marketingEmails
      ) {
        return [];
      }
      return [{ type: 'PreferencesSet', v: 1, data: { ...p, at } }];
    }
    case 'RequestEmailChange': {
      const d = command.data;
      // The same request again (a second click with its idempotency key) appends nothing.
      if (state.pendingEmail?.requestId === d.requestId) return [];
      return [{ type: 'EmailChangeRequested', v: 1, data: { ...d, at } }];
    }
    case 'ConfirmEmailChange': {
      const { tokenHash } = command.data;
      const status = emailLinkStatus(state, tokenHash, at);
      if (status === 'used') return [];
      const pending = state.pendingEmail;
      if (status !== 'valid' || !pending) {
        return refuseEmailLink(status === 'expired' ? 'expired' : 'invalid');
      }
      return [
        {
          type: 'EmailChanged',
          v: 1,
          data: {
            requestId: pending.requestId,
            email: pending.email,
            previousEmail: state.email ?? '',
            tokenHash,
            at,
          },
        },
      ];
    }
    case 'SwitchBuyingAs': {
      const to = command.data;
      if (state.buyingAs?.accountId === to.accountId && state.buyingAs.type === to.type) return [];
      return [{ type: 'BuyingAsSwitched', v: 1, data: { ...to, at } }];
    }
  }
}

function refuseEmailLink(status: 'expired' | 'invalid'): never {
  throw status === 'expired'
    ? new DomainError('email-link-expired', PROFILE_MESSAGES.emailLinkExpired)
    : new DomainError('email-link-invalid', PROFILE_MESSAGES.emailLinkInvalid);
}

export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'ProfileDetailsChanged':
      return {
        ...state,
        firstName: event.data.firstName,
        lastName: event.data.lastName,
        phone: event.data.phone,
        updatedAt: event.data.at,
      };
    case 'PreferencesSet':
      return {
        ...state,
        preferences: {
          locale: event.data.locale,
          orderEmails: event.data.orderEmails,
          marketingEmails: event.data.marketingEmails,
        },
        updatedAt: event.data.at,
      };
    case 'EmailChangeRequested':
      return {
        ...state,
        email: state.email ?? event.data.previousEmail,
        pendingEmail: {
          requestId: event.data.requestId,
          email: event.data.email,
          tokenHash: event.data.tokenHash,
          expiresAt: event.data.expiresAt,
          requestedAt: event.data.at,
        },
        updatedAt: event.data.at,
      };
    case 'EmailChanged':
      return {
        ...state,
        email: event.data.email,
        pendingEmail: null,
        usedEmailLinks: [event.data.tokenHash, ...state.usedEmailLinks].slice(
          0,
          REMEMBERED_EMAIL_LINKS,
        ),
        updatedAt: event.data.at,
      };
    case 'BuyingAsSwitched': {
      const { accountId, type, at } = event.data;
      return { ...state, buyingAs: { accountId, type, since: at }, updatedAt: at };
    }
  }
}

export const profileDecider: Decider<ProfileCommand, ProfileEvent, ProfileState, undefined> = {
  decide: (command, state) => decideProfile(command, state),
  evolve: evolveProfile,
  initialState: initialProfileState,
};

/** What the profile page shows: the identity's names and email, with the profile's own. */
export interface ProfileView {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: ProfilePhone | null;
  readonly preferences: Preferences;
  /** A new email address waiting for its confirmation link, if any, and when the link ends. */
  readonly pendingEmail: { readonly email: string; readonly expiresAt: string } | null;
  readonly registrationCountry: string;
}

/** The preferences before the user chose any: the storefront they registered in, mails on. */
export function defaultPreferences(locale: Locale): Preferences {
  return { locale, orderEmails: true, marketingEmails: false };
}
