/**
 * A user's qualifications (SPEC 2.7, 6; decision 057): degrees, licences, accredited
 * institutions and memberships of an organisation, each with its certificate. A new or edited
 * qualification is pending until the store's staff review it; an approved one grants a level
 * (A, B or C), and the user's level is the highest their approved qualifications grant. One
 * stream per user.
 */
import * as z from 'zod';
import { DomainError } from '../shared/domain-error';
import type { CommandMetadata, Decider } from '../shared/decider';
import { withValues, type MessageDescriptor } from '../shared/message';
import { optionalText, requiredText } from '../validation/fields';
import { V, validationMessage } from '../validation/messages';
import { QUALIFICATION_LEVELS, type QualificationLevel } from '../validation/account';
import { QUALIFICATION_KINDS, type QualificationKind } from './kinds';

export { isQualificationKind, QUALIFICATION_KINDS, type QualificationKind } from './kinds';

export const QUALIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

/** Field limits (design values; the spec gives none). */
export const QUALIFICATION_LIMITS = {
  title: 120,
  issuer: 120,
  reference: 50,
  reason: 500,
  /** Qualifications one user keeps at most. */
  perUser: 30,
} as const;

/** The certificate file: at most 5 MB, a PDF, PNG or JPEG (checked by its content). */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
export const CERTIFICATE_NAME_MAX = 200;

export const QUALIFICATION_MESSAGES = {
  missing: /*i18n*/ {
    id: 'qualification.missing',
    message: 'This qualification no longer exists.',
  },
  tooMany: /*i18n*/ {
    id: 'qualification.too-many',
    message: 'You can keep up to {max} qualifications.',
  },
  certificateRequired: /*i18n*/ {
    id: 'qualification.certificate-required',
    message: 'Attach the certificate (a PDF, PNG or JPEG file of at most 5 MB).',
  },
  certificateType: /*i18n*/ {
    id: 'qualification.certificate-type',
    message: 'The certificate must be a PDF, PNG or JPEG file.',
  },
  certificateTooLarge: /*i18n*/ {
    id: 'qualification.certificate-too-large',
    message: 'The certificate must be at most 5 MB.',
  },
  certificateEmpty: /*i18n*/ {
    id: 'qualification.certificate-empty',
    message: 'The certificate file is empty.',
  },
  certificateMissing: /*i18n*/ {
    id: 'qualification.certificate-missing',
    message: 'This certificate file was not found. Attach it again.',
  },
  expiresBeforeIssued: /*i18n*/ {
    id: 'qualification.expires-before-issued',
    message: 'The expiry date must be after the date issued.',
  },
  dateInFuture: /*i18n*/ {
    id: 'qualification.date-in-future',
    message: 'This date cannot be in the future.',
  },
  alreadyReviewed: /*i18n*/ {
    id: 'qualification.already-reviewed',
    message: 'This qualification was already {status}.',
  },
  refused: /*i18n*/ {
    id: 'qualification.not-saved',
    message: 'A change to your qualifications could not be saved.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** A calendar date, YYYY-MM-DD, that exists. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const requiredDate = requiredText(10, {
  format: { pattern: isCalendarDate, message: V.invalidDate },
});
const optionalDate = optionalText(10, { pattern: isCalendarDate, message: V.invalidDate });

/** The certificate as the store keeps it: the uploaded file's id, name, type and size. */
export const certificateSchema = z.object({
  fileId: z.uuid({ error: QUALIFICATION_MESSAGES.certificateRequired.id }),
  name: requiredText(CERTIFICATE_NAME_MAX),
  type: z.enum(CERTIFICATE_TYPES, { error: QUALIFICATION_MESSAGES.certificateType.id }),
  size: z.int().min(1).max(CERTIFICATE_MAX_BYTES),
});
export type Certificate = z.infer<typeof certificateSchema>;

/**
 * The facts of a qualification. Every kind has a title (the degree, the licence, the
 * membership), an issuer (institution, licensing body, organisation), a reference (licence,
 * accreditation or membership number: required for licences), the date issued and, where it
 * expires, the expiry date.
 */
export const qualificationDetailsSchema = z
  .object({
    kind: z.enum(QUALIFICATION_KINDS, { error: V.invalid.id }),
    title: requiredText(QUALIFICATION_LIMITS.title),
    issuer: requiredText(QUALIFICATION_LIMITS.issuer),
    reference: optionalText(QUALIFICATION_LIMITS.reference),
    issuedOn: requiredDate,
    expiresOn: optionalDate,
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'license' && !value.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: V.required.id });
    }
    if (value.expiresOn && value.issuedOn && value.expiresOn <= value.issuedOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['expiresOn'],
        message: QUALIFICATION_MESSAGES.expiresBeforeIssued.id,
      });
    }
  });
export type QualificationDetails = z.infer<typeof qualificationDetailsSchema>;

/** What the add page sends (POST /api/me/qualifications). */
export const submitQualificationRequestSchema = z.object({
  qualificationId: z.uuid({ error: V.invalid.id }),
  details: qualificationDetailsSchema,
  certificate: certificateSchema,
});
export type SubmitQualificationRequest = z.infer<typeof submitQualificationRequestSchema>;

/** What the edit page sends (PUT /api/me/qualifications/{id}): a new certificate is optional. */
export const editQualificationRequestSchema = z.object({
  details: qualificationDetailsSchema,
  certificate: certificateSchema.optional(),
});
export type EditQualificationRequest = z.infer<typeof editQualificationRequestSchema>;

export const qualificationLevelSchema = z.enum(QUALIFICATION_LEVELS, { error: V.invalid.id });
export const rejectionReasonSchema = requiredText(QUALIFICATION_LIMITS.reason);

export interface Qualification {
  readonly id: string;
  readonly kind: QualificationKind;
  readonly title: string;
  readonly issuer: string;
  readonly reference: string | null;
  readonly issuedOn: string;
  readonly expiresOn: string | null;
  readonly certificate: Certificate;
  readonly status: QualificationStatus;
  /** The level an approval granted; null unless approved. */
  readonly level: QualificationLevel | null;
  /** Why it was rejected; null unless rejected. */
  readonly reason: string | null;
  readonly submittedAt: string;
  readonly updatedAt: string;
  readonly reviewedAt: string | null;
}

export interface QualificationsState {
  readonly qualifications: readonly Qualification[];
}

export type QualificationCommand = (
  | {
      readonly type: 'SubmitQualification';
      readonly data: {
        readonly qualificationId: string;
        readonly details: QualificationDetails;
        readonly certificate: Certificate;
      };
    }
  | {
      readonly type: 'EditQualification';
      readonly data: {
        readonly qualificationId: string;
        readonly details: QualificationDetails;
        readonly certificate?: Certificate;
      };
    }
  | {
      readonly type: 'ApproveQualification';
      readonly data: { readonly qualificationId: string; readonly level: QualificationLevel };
    }
  | {
      readonly type: 'RejectQualification';
      readonly data: { readonly qualificationId: string; readonly reason: string };
    }
) & { readonly metadata: CommandMetadata };

/** The facts as an event keeps them (no form-only shape). */
export interface QualificationFacts {
  readonly kind: QualificationKind;
  readonly title: string;
  readonly issuer: string;
  readonly reference: string | null;
  readonly issuedOn: string;
  readonly expiresOn: string | null;
}

export type QualificationEvent =
  | {
      readonly type: 'QualificationSubmitted';
      readonly v: 1;
      readonly data: {
        readonly qualificationId: string;
        readonly facts: QualificationFacts;
        readonly certificate: Certificate;
        readonly at: string;
      };
    }
  | {
      readonly type: 'QualificationEdited';
      readonly v: 1;
      readonly data: {
        readonly qualificationId: string;
        readonly facts: QualificationFacts;
        readonly certificate: Certificate;
        readonly at: string;
      };
    }
  | {
      readonly type: 'QualificationApproved';
      readonly v: 1;
      readonly data: {
        readonly qualificationId: string;
        readonly level: QualificationLevel;
        readonly at: string;
      };
    }
  | {
      readonly type: 'QualificationRejected';
      readonly v: 1;
      readonly data: {
        readonly qualificationId: string;
        readonly reason: string;
        readonly at: string;
      };
    };

function fail(
  code: string,
  descriptor: MessageDescriptor,
  values: Readonly<Record<string, string | number>> = {},
): never {
  throw new DomainError(code, withValues(descriptor, values));
}

function factsOf(details: QualificationDetails, now: string): QualificationFacts {
  const today = now.slice(0, 10);
  if (details.issuedOn > today)
    fail('qualification.date-in-future', QUALIFICATION_MESSAGES.dateInFuture);
  return {
    kind: details.kind,
    title: details.title,
    issuer: details.issuer,
    reference: details.reference ?? null,
    issuedOn: details.issuedOn,
    expiresOn: details.expiresOn ?? null,
  };
}

function found(state: QualificationsState, id: string): Qualification {
  const qualification = state.qualifications.find((q) => q.id === id);
  return qualification ?? fail('qualification.missing', QUALIFICATION_MESSAGES.missing);
}

export function decideQualifications(
  command: QualificationCommand,
  state: QualificationsState,
): QualificationEvent[] {
  const at = command.metadata.now;
  switch (command.type) {
    case 'SubmitQualification': {
      const { qualificationId } = command.data;
      // The same submission sent again is answered, not added twice.
      if (state.qualifications.some((q) => q.id === qualificationId)) return [];
      if (state.qualifications.length >= QUALIFICATION_LIMITS.perUser) {
        fail('qualification.too-many', QUALIFICATION_MESSAGES.tooMany, {
          max: QUALIFICATION_LIMITS.perUser,
        });
      }
      return [
        {
          type: 'QualificationSubmitted',
          v: 1,
          data: {
            qualificationId,
            facts: factsOf(command.data.details, at),
            certificate: command.data.certificate,
            at,
          },
        },
      ];
    }
    case 'EditQualification': {
      const current = found(state, command.data.qualificationId);
      if (command.data.details.kind !== current.kind) {
        return fail('qualification.missing', QUALIFICATION_MESSAGES.missing);
      }
      return [
        {
          type: 'QualificationEdited',
          v: 1,
          data: {
            qualificationId: current.id,
            facts: factsOf(command.data.details, at),
            certificate: command.data.certificate ?? current.certificate,
            at,
          },
        },
      ];
    }
    case 'ApproveQualification':
    case 'RejectQualification': {
      const current = found(state, command.data.qualificationId);
      if (current.status !== 'pending') {
        return fail('qualification.already-reviewed', QUALIFICATION_MESSAGES.alreadyReviewed, {
          status: current.status,
        });
      }
      return command.type === 'ApproveQualification'
        ? [
            {
              type: 'QualificationApproved',
              v: 1,
              data: { qualificationId: current.id, level: command.data.level, at },
            },
          ]
        : [
            {
              type: 'QualificationRejected',
              v: 1,
              data: { qualificationId: current.id, reason: command.data.reason.trim(), at },
            },
          ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown qualification command ${JSON.stringify(unknown)}`);
    }
  }
}

function update(
  state: QualificationsState,
  id: string,
  change: (q: Qualification) => Qualification,
): QualificationsState {
  return { qualifications: state.qualifications.map((q) => (q.id === id ? change(q) : q)) };
}

export function evolveQualifications(
  state: QualificationsState,
  event: QualificationEvent,
): QualificationsState {
  switch (event.type) {
    case 'QualificationSubmitted': {
      const { qualificationId, facts, certificate, at } = event.data;
      return {
        qualifications: [
          ...state.qualifications,
          {
            id: qualificationId,
            ...facts,
            certificate,
            status: 'pending',
            level: null,
            reason: null,
            submittedAt: at,
            updatedAt: at,
            reviewedAt: null,
          },
        ],
      };
    }
    case 'QualificationEdited': {
      const { facts, certificate, at } = event.data;
      // An edit is reviewed again, whatever it was.
      return update(state, event.data.qualificationId, (q) => ({
        ...q,
        ...facts,
        certificate,
        status: 'pending',
        level: null,
        reason: null,
        updatedAt: at,
        reviewedAt: null,
      }));
    }
    case 'QualificationApproved':
      return update(state, event.data.qualificationId, (q) => ({
        ...q,
        status: 'approved',
        level: event.data.level,
        reviewedAt: event.data.at,
      }));
    case 'QualificationRejected':
      return update(state, event.data.qualificationId, (q) => ({
        ...q,
        status: 'rejected',
        reason: event.data.reason,
        reviewedAt: event.data.at,
      }));
    default:
      return state;
  }
}

export const qualificationsDecider: Decider<
  QualificationCommand,
  QualificationEvent,
  QualificationsState,
  undefined
> = {
  decide: (command, state) => decideQualifications(command, state),
  evolve: evolveQualifications,
  initialState: () => ({ qualifications: [] }),
};

/** The highest level the approved qualifications grant, or null. */
export function approvedLevel(state: QualificationsState): QualificationLevel | null {
  let best: QualificationLevel | null = null;
  for (const q of state.qualifications) {
    if (q.status === 'approved' && q.level && (!best || q.level > best)) best = q.level;
  }
  return best;
}

/** The user's level: the level on record (set by an account specialist), raised by approvals. */
export function effectiveLevel(
  recorded: QualificationLevel | null,
  state: QualificationsState,
): QualificationLevel | null {
  const approved = approvedLevel(state);
  if (!recorded) return approved;
  if (!approved) return recorded;
  return approved > recorded ? approved : recorded;
}

/** A message of the store's answer by its id: the qualification's own, else the fields'. */
export function qualificationMessageOf(id: string): MessageDescriptor | undefined {
  return Object.values(QUALIFICATION_MESSAGES).find((m) => m.id === id) ?? validationMessage(id);
}

/** The qualifications on record (reviewed by an account specialist before this page). */
export interface RecordedQualification {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly issuer: string;
  readonly reference: string | null;
  readonly issuedOn: string | null;
  readonly expiresOn: string | null;
}

/** What GET /api/me/qualifications answers. */
export interface QualificationsView {
  readonly level: QualificationLevel | null;
  readonly verifiedAt: string | null;
  readonly onRecord: readonly RecordedQualification[];
  readonly submitted: readonly Qualification[];
}
