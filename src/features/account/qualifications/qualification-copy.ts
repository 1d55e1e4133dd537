/**
 * The words of the qualification pages (decision 057): each kind's name and the labels its
 * fields take (a degree's issuer is its institution, a licence's its licensing body), and
 * what each level may buy (SPEC 6).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  QualificationKind,
  QualificationStatus,
} from '../../../../domain/qualification/qualification';
import type { QualificationLevel } from '../../../../domain/validation/account';

export interface KindCopy {
  readonly name: MessageDescriptor;
  readonly add: MessageDescriptor;
  readonly edit: MessageDescriptor;
  readonly title: MessageDescriptor;
  readonly issuer: MessageDescriptor;
  /** Null: the kind has no such field. */
  readonly reference: MessageDescriptor | null;
  readonly issuedOn: MessageDescriptor;
  readonly expiresOn: MessageDescriptor | null;
}

export const KIND_COPY: Record<QualificationKind, KindCopy> = {
  degree: {
    name: msg`Degree`,
    add: msg`Add a degree`,
    edit: msg`Edit a degree`,
    title: msg`Degree title`,
    issuer: msg`Institution`,
    reference: null,
    issuedOn: msg`Date awarded`,
    expiresOn: null,
  },
  license: {
    name: msg`License`,
    add: msg`Add a license`,
    edit: msg`Edit a license`,
    title: msg`License title`,
    issuer: msg`Licensing body`,
    reference: msg`License number`,
    issuedOn: msg`Date issued`,
    expiresOn: msg`Expiry date (optional)`,
  },
  'accredited-institution': {
    name: msg`Accredited institution`,
    add: msg`Add an accredited institution`,
    edit: msg`Edit an accredited institution`,
    title: msg`Institution name`,
    issuer: msg`Accrediting body`,
    reference: msg`Accreditation number (optional)`,
    issuedOn: msg`Accredited since`,
    expiresOn: msg`Accreditation expires (optional)`,
  },
  organisation: {
    name: msg`Organisation`,
    add: msg`Add an organisation membership`,
    edit: msg`Edit an organisation membership`,
    title: msg`Membership grade`,
    issuer: msg`Organisation name`,
    reference: msg`Membership number (optional)`,
    issuedOn: msg`Member since`,
    expiresOn: msg`Membership expires (optional)`,
  },
};

/** Kinds recorded before this page (an account specialist's), by the names they had. */
export const RECORDED_KIND_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  degree: msg`Degree`,
  license: msg`License`,
  certification: msg`Certification`,
  'accredited-institution': msg`Accredited institution`,
  organisation: msg`Organisation`,
};

export const STATUS_COPY: Record<QualificationStatus, MessageDescriptor> = {
  pending: msg`Pending review`,
  approved: msg`Approved`,
  rejected: msg`Not approved`,
};

/** SPEC 6: what a level may buy. */
export const LEVEL_COPY: Record<QualificationLevel, MessageDescriptor> = {
  A: msg`Level A: you may buy level A products.`,
  B: msg`Level B: you may buy level A and B products.`,
  C: msg`Level C: you may buy level A, B and C products.`,
};
