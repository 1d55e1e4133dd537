/** The qualification decider (decision 057): submit, edit back to pending, review once, levels. */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error';
import type { DistributiveOmit } from '../shared/types';
import {
  approvedLevel,
  decideQualifications,
  effectiveLevel,
  evolveQualifications,
  qualificationDetailsSchema,
  qualificationsDecider,
  type QualificationCommand,
  type QualificationsState,
} from './qualification';

const NOW = '2026-11-27T10:00:00.000Z';
const ID = '0b7c6f1e-3a55-4d7a-9a39-0d0f5d8f2c11';
const certificate = {
  fileId: '7f0f3a4e-61c8-4b53-8f1e-2b9f3a9c0d21',
  name: 'diploma.pdf',
  type: 'application/pdf' as const,
  size: 1234,
};
const details = {
  kind: 'degree' as const,
  title: 'Ph.D. Educational Psychology',
  issuer: 'Lakeshore State University',
  issuedOn: '2024-06-01',
  reference: undefined,
  expiresOn: undefined,
};

function run(
  state: QualificationsState,
  command: DistributiveOmit<QualificationCommand, 'metadata'>,
) {
  const events = decideQualifications(
    { ...command, metadata: { commandId: 'c', now: NOW } },
    state,
  );
  return events.reduce(evolveQualifications, state);
}

describe('qualifications', () => {
  const submitted = run(qualificationsDecider.initialState(), {
    type: 'SubmitQualification',
    data: { qualificationId: ID, details, certificate },
  });

  it('keeps a new qualification pending, and the same submission once', () => {
    expect(submitted.qualifications).toHaveLength(1);
    expect(submitted.qualifications[0]).toMatchObject({ status: 'pending', level: null });
    const again = run(submitted, {
      type: 'SubmitQualification',
      data: { qualificationId: ID, details, certificate },
    });
    expect(again.qualifications).toHaveLength(1);
  });

  it('grants a level on approval, reviews once, and sends an edit back to review', () => {
    const approved = run(submitted, {
      type: 'ApproveQualification',
      data: { qualificationId: ID, level: 'C' },
    });
    expect(approved.qualifications[0]).toMatchObject({ status: 'approved', level: 'C' });
    expect(approvedLevel(approved)).toBe('C');
    expect(effectiveLevel('B', approved)).toBe('C');
    expect(
      effectiveLevel(
        'C',
        run(submitted, { type: 'ApproveQualification', data: { qualificationId: ID, level: 'A' } }),
      ),
    ).toBe('C');
    expect(() =>
      run(approved, { type: 'RejectQualification', data: { qualificationId: ID, reason: 'x' } }),
    ).toThrow(DomainError);
    const edited = run(approved, {
      type: 'EditQualification',
      data: { qualificationId: ID, details: { ...details, title: 'Ph.D. School Psychology' } },
    });
    expect(edited.qualifications[0]).toMatchObject({
      status: 'pending',
      level: null,
      title: 'Ph.D. School Psychology',
      certificate,
    });
    expect(effectiveLevel('B', edited)).toBe('B');
    expect(effectiveLevel(null, edited)).toBeNull();
  });

  it('refuses an unknown qualification and a date in the future', () => {
    expect(() =>
      run(submitted, {
        type: 'ApproveQualification',
        data: { qualificationId: 'nope', level: 'A' },
      }),
    ).toThrow('This qualification no longer exists.');
    expect(() =>
      run(qualificationsDecider.initialState(), {
        type: 'SubmitQualification',
        data: { qualificationId: ID, details: { ...details, issuedOn: '2027-01-01' }, certificate },
      }),
    ).toThrow('This date cannot be in the future.');
  });

  it('checks the fields each kind needs', () => {
    const license = qualificationDetailsSchema.safeParse({ ...details, kind: 'license' });
    expect(license.success).toBe(false);
    expect(license.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reference', 'validation.required'],
    ]);
    const dates = qualificationDetailsSchema.safeParse({
      ...details,
      issuedOn: '2024-02-30',
      expiresOn: '2020-01-01',
    });
    expect(dates.error?.issues.map((i) => i.path.join('.'))).toContain('issuedOn');
    const expiry = qualificationDetailsSchema.safeParse({ ...details, expiresOn: '2020-01-01' });
    expect(expiry.error?.issues.map((i) => i.message)).toEqual([
      'qualification.expires-before-issued',
    ]);
  });
});
