/**
 * SPEC 2.7: the kinds a qualification can be, as they appear in the pages' routes. Kept apart
 * from the schemas so the router (first load) can name the routes without loading them.
 */
export const QUALIFICATION_KINDS = [
  'degree',
  'license',
  'accredited-institution',
  'organisation',
] as const;
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];

export function isQualificationKind(value: string): value is QualificationKind {
  return (QUALIFICATION_KINDS as readonly string[]).includes(value);
}
