/**
 * Where the qualification pages live (SPEC 2.7; decision 057): /{locale}/my-account/
 * qualifications, with add-{kind} and edit-{kind}/{id} below it (the short form /qualifications
 * answers too).
 */
import type { QualificationKind } from '../../../../domain/qualification/qualification';

export const QUALIFICATIONS_PATH = 'qualifications';

export const qualificationsPath = (locale: string): string =>
  `/${locale}/my-account/${QUALIFICATIONS_PATH}`;

export const addQualificationPath = (locale: string, kind: QualificationKind): string =>
  `${qualificationsPath(locale)}/add-${kind}`;

export const editQualificationPath = (locale: string, kind: QualificationKind, id: string) =>
  `${qualificationsPath(locale)}/edit-${kind}/${encodeURIComponent(id)}`;
