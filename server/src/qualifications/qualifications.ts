/**
 * Qualifications (decision 057): the use cases the account pages and the staff's review tool
 * share. Every change is a command on the user's `qualifications` stream through `execute`
 * (ARCHITECTURE §4), with whoever acts as its actor; the read model is the stream's document
 * (`qualifications`), and the level checkout reads (`qualified_users.level`) is set from it
 * right after each change: the level an account specialist recorded, raised by the highest
 * level an approved qualification grants.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  CERTIFICATE_MAX_BYTES,
  effectiveLevel,
  QUALIFICATION_MESSAGES,
  type Certificate,
  type CertificateType,
  type QualificationCommand,
  type QualificationsState,
} from '../../../domain/qualification/qualification';
import {
  QUALIFICATIONS_READ_MODEL,
  qualificationsStreamKind,
} from '../../../domain/qualification/stream';
import type { Message } from '../../../domain/shared/message';
import type { DistributiveOmit } from '../../../domain/shared/types';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import type { QualificationLevel } from '../../../domain/validation/account';
import type { Acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { qualificationFiles, qualifiedUsers } from '../db/schema';
import { readDocument } from '../event-store/read-models';

export const qualificationsStreamOf = (userId: string): string =>
  streamIdOf(qualificationsStreamKind, userId);

/** A user's qualifications as the read model holds them (none yet: an empty list). */
export async function qualificationsOf(
  db: Db,
  userId: string,
): Promise<{ readonly state: QualificationsState; readonly version: number }> {
  const found = await readDocument<QualificationsState>(
    db,
    QUALIFICATIONS_READ_MODEL,
    qualificationsStreamOf(userId),
    { kind: 'user', id: userId },
  );
  return found
    ? { state: found.doc, version: found.version }
    : { state: { qualifications: [] }, version: 0 };
}

/**
 * The level checkout reads, from the level on record and the approved qualifications as the
 * read model holds them now. One user's levels are worked out one at a time (a lock for the
 * transaction), each from the latest document: a review and an edit at the same moment leave
 * the level of the later state, never of the earlier.
 */
export async function syncLevel(db: Db, userId: string): Promise<QualificationsState> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`qualified-level:${userId}`}))`);
    const { state } = await qualificationsOf(tx, userId);
    const [row] = await tx
      .select({ level: qualifiedUsers.level, recorded: qualifiedUsers.recordedLevel })
      .from(qualifiedUsers)
      .where(eq(qualifiedUsers.userId, userId));
    const recorded = (row?.recorded as QualificationLevel | null | undefined) ?? null;
    const level = effectiveLevel(recorded, state);
    if (!level) {
      if (row) await tx.delete(qualifiedUsers).where(eq(qualifiedUsers.userId, userId));
      return state;
    }
    if (row?.level === level) return state;
    const reviewedAt = state.qualifications
      .filter((q) => q.status === 'approved' && q.level === level && q.reviewedAt)
      .map((q) => new Date(q.reviewedAt ?? 0))
      .sort((a, b) => b.getTime() - a.getTime())[0];
    await tx
      .insert(qualifiedUsers)
      .values({ userId, level, verifiedAt: reviewedAt ?? null, recordedLevel: null })
      .onConflictDoUpdate({
        target: qualifiedUsers.userId,
        set: { level, ...(reviewedAt ? { verifiedAt: reviewedAt } : {}) },
      });
    return state;
  });
}

export type QualificationOutcome =
  | { readonly ok: true; readonly state: QualificationsState }
  | { readonly ok: false; readonly code: string; readonly message: Message };

/** One command on the user's stream, as `who`; the level follows the new state. */
export async function changeQualifications(
  deps: { readonly db: Db; readonly commands: CommandHandler },
  userId: string,
  command: DistributiveOmit<QualificationCommand, 'metadata'>,
  who: Acting,
  commandId: string = `qualifications-${randomUUID()}`,
): Promise<QualificationOutcome> {
  const executed = await deps.commands.execute(
    'qualifications',
    qualificationsStreamOf(userId),
    command,
    who,
    { commandId, owner: { kind: 'user', id: userId } },
  );
  if (executed.result.status === 'rejected') {
    return { ok: false, code: executed.result.code, message: executed.result.message };
  }
  return { ok: true, state: await syncLevel(deps.db, userId) };
}

/**
 * Whether another user already has a qualification with this id. Ids are made by the browser
 * (a UUID), so this happens only when someone reuses one they saw: refused, so that an id
 * names one qualification of one user (staff review by id).
 */
export async function qualificationIdTaken(
  db: Db,
  userId: string,
  qualificationId: string,
): Promise<boolean> {
  const rows = (await db.execute(sql`
    select 1 from read_models
     where model = ${QUALIFICATIONS_READ_MODEL} and owner_kind = 'user'
       and owner_id <> ${userId}
       and doc -> 'qualifications' @> ${JSON.stringify([{ id: qualificationId }])}::jsonb
     limit 1`)) as { rows: unknown[] };
  return rows.rows.length > 0;
}

/** What the first bytes of a file say it is: a PDF, PNG or JPEG, else null. */
export function certificateTypeOf(bytes: Uint8Array): CertificateType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

/**
 * A file name safe to keep and to name in a header: no paths, no control characters, and the
 * extension of the type its content was found to be (a PDF named `x.html` is kept as
 * `x.pdf`, so no saved copy opens as anything else).
 */
export function safeFileName(raw: string | undefined, type: CertificateType): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{C}"]/gu, '')
    .trim();
  const extension = type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
  const stem = cleaned
    .replace(/\.[^.]*$/, '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 140);
  return `${stem === '' ? 'certificate' : stem}.${extension}`;
}

export type StoredCertificate =
  | { readonly ok: true; readonly certificate: Certificate }
  | { readonly ok: false; readonly status: 400 | 413 | 415; readonly message: Message };

/** Keeps an uploaded certificate, checked by its content and size, for its owner. */
export async function storeCertificate(
  db: Db,
  userId: string,
  bytes: Uint8Array,
  rawName: string | undefined,
): Promise<StoredCertificate> {
  if (bytes.length === 0) {
    return { ok: false, status: 400, message: QUALIFICATION_MESSAGES.certificateEmpty };
  }
  if (bytes.length > CERTIFICATE_MAX_BYTES) {
    return { ok: false, status: 413, message: QUALIFICATION_MESSAGES.certificateTooLarge };
  }
  const type = certificateTypeOf(bytes);
  if (!type) return { ok: false, status: 415, message: QUALIFICATION_MESSAGES.certificateType };
  const certificate: Certificate = {
    fileId: randomUUID(),
    name: safeFileName(rawName, type),
    type,
    size: bytes.length,
  };
  await db.insert(qualificationFiles).values({
    id: certificate.fileId,
    userId,
    name: certificate.name,
    contentType: type,
    size: bytes.length,
    content: Buffer.from(bytes).toString('base64'),
  });
  return { ok: true, certificate };
}

/** Whether the user uploaded this certificate (a qualification may only name its owner's). */
export async function ownsCertificate(db: Db, userId: string, c: Certificate): Promise<boolean> {
  const [row] = await db
    .select({ id: qualificationFiles.id })
    .from(qualificationFiles)
    .where(
      and(
        eq(qualificationFiles.id, c.fileId),
        eq(qualificationFiles.userId, userId),
        eq(qualificationFiles.name, c.name),
        eq(qualificationFiles.contentType, c.type),
        eq(qualificationFiles.size, c.size),
      ),
    );
  return row !== undefined;
}

/** The owner's certificate file, or undefined (another user's is as if it did not exist). */
export async function certificateFile(
  db: Db,
  userId: string,
  fileId: string,
): Promise<{ name: string; type: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({
      name: qualificationFiles.name,
      type: qualificationFiles.contentType,
      content: qualificationFiles.content,
    })
    .from(qualificationFiles)
    .where(and(eq(qualificationFiles.id, fileId), eq(qualificationFiles.userId, userId)));
  return row
    ? { name: row.name, type: row.type, bytes: Buffer.from(row.content, 'base64') }
    : undefined;
}
