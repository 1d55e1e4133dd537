/**
 * What the store's staff do to qualifications (`npm run qualifications`; decision 057): list
 * them (pending ones first of all), and review one: approve it with the level it grants, or
 * reject it with a reason. A review is a command on the user's stream with the operator as
 * its actor, decided by the qualification's own rules; the user's level follows at once.
 */
import { sql } from 'drizzle-orm';
import type {
  Qualification,
  QualificationsState,
  QualificationStatus,
} from '../../../domain/qualification/qualification';
import { QUALIFICATIONS_READ_MODEL } from '../../../domain/qualification/stream';
import { formatMessage } from '../../../domain/shared/message';
import type { QualificationLevel } from '../../../domain/validation/account';
import { acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { OperatorError } from '../orders/operator';
import { changeQualifications } from './qualifications';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface Row {
  owner_id: string;
  email: string;
  doc: QualificationsState;
}

async function documents(db: Db, qualificationId?: string): Promise<Row[]> {
  return rowsOf<Row>(
    await db.execute(sql`
      select rm.owner_id, u.email, rm.doc from read_models rm
        join users u on u.id::text = rm.owner_id
       where rm.model = ${QUALIFICATIONS_READ_MODEL} and rm.owner_kind = 'user'
         ${
           qualificationId
             ? sql`and rm.doc -> 'qualifications' @> ${JSON.stringify([{ id: qualificationId }])}::jsonb`
             : sql``
         }
       order by u.email`),
  );
}

export interface QualificationListOptions {
  readonly status?: QualificationStatus | 'all';
  readonly limit?: number;
}

/** The qualifications of one status (pending by default), oldest submission first. */
export async function qualificationsReport(
  db: Db,
  options: QualificationListOptions = {},
): Promise<string> {
  const status = options.status ?? 'pending';
  const rows = (await documents(db))
    .flatMap((row) => row.doc.qualifications.map((q) => ({ email: row.email, q })))
    .filter(({ q }) => status === 'all' || q.status === status)
    .sort((a, b) => a.q.submittedAt.localeCompare(b.q.submittedAt))
    .slice(0, options.limit ?? 50);
  if (rows.length === 0) {
    return status === 'all' ? 'No qualifications.\n' : `No ${status} qualifications.\n`;
  }
  const header = [
    'Id'.padEnd(36),
    'User'.padEnd(28),
    'Kind'.padEnd(22),
    'Status'.padEnd(9),
    'Level',
    'Title / issuer',
  ].join('  ');
  const lines = rows.map(({ email, q }) =>
    [
      q.id,
      email.padEnd(28),
      q.kind.padEnd(22),
      q.status.padEnd(9),
      (q.level ?? '-').padEnd(5),
      `${q.title} / ${q.issuer}${q.reference ? ` (${q.reference})` : ''}`,
    ].join('  '),
  );
  return `${header}\n${lines.join('\n')}\n`;
}

export type Review =
  | { readonly decision: 'approve'; readonly level: QualificationLevel }
  | { readonly decision: 'reject'; readonly reason: string };

/** Approves or rejects one qualification, as the operator `by`. */
export async function reviewQualification(
  deps: { readonly db: Db; readonly commands: CommandHandler },
  qualificationId: string,
  review: Review,
  by: string,
): Promise<{
  readonly email: string;
  readonly qualification: Qualification;
  readonly level: string | null;
}> {
  const rows = await documents(deps.db, qualificationId);
  const [row] = rows;
  if (!row) throw new OperatorError(`No qualification ${qualificationId}.`);
  // Refused at submission; a store older than that check may hold one: name no one at random.
  if (rows.length > 1) {
    throw new OperatorError(
      `The id ${qualificationId} names qualifications of ${rows.length} users (${rows.map((r) => r.email).join(', ')}); review none.`,
    );
  }
  const outcome = await changeQualifications(
    deps,
    row.owner_id,
    review.decision === 'approve'
      ? { type: 'ApproveQualification', data: { qualificationId, level: review.level } }
      : { type: 'RejectQualification', data: { qualificationId, reason: review.reason } },
    acting.operator(by),
  );
  if (!outcome.ok) throw new OperatorError(formatMessage(outcome.message));
  const qualification = outcome.state.qualifications.find((q) => q.id === qualificationId);
  if (!qualification) throw new Error(`Qualification ${qualificationId} vanished`);
  const level = rowsOf<{ level: string }>(
    await deps.db.execute(sql`select level from qualified_users where user_id = ${row.owner_id}`),
  )[0];
  return { email: row.email, qualification, level: level?.level ?? null };
}
