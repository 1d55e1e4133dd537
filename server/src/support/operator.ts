/**
 * The operators' side of customer service (decision 063): adding, removing and listing the
 * agents (`npm run agents`), and the audit of their sessions (`npm run audit`): each session's
 * start and end, and every action made in it, newest session first.
 */
import type { SiteRegion } from '../../../domain/storefront/storefronts';
import type { Db } from '../db/database';
import { addAgent, listAgents, removeAgent, userIdByEmail } from './agents';
import { listAgentSessions, sessionActions } from './agent-sessions';

function agentLine(agent: {
  email: string;
  givenName: string;
  familyName: string;
  regions: readonly string[];
}): string {
  return `${agent.email}  ${agent.givenName} ${agent.familyName}  regions ${agent.regions.join(',')}`;
}

export async function agentsReport(db: Db): Promise<string> {
  const agents = await listAgents(db);
  if (agents.length === 0) return 'No customer service agents.\n';
  return `${agents.map(agentLine).join('\n')}\n`;
}

export async function addAgentReport(
  db: Db,
  email: string,
  regions: readonly SiteRegion[],
): Promise<string> {
  return `Added: ${agentLine(await addAgent(db, email, regions))}\n`;
}

export async function removeAgentReport(db: Db, email: string, now: Date): Promise<string> {
  return (await removeAgent(db, email, now))
    ? `Removed ${email}: their sign-ins and any session of acting have ended.\n`
    : `${email} is not a customer service agent.\n`;
}

/** Most sessions one audit lists. */
export const AUDIT_SESSIONS_MAX = 200;

/**
 * The sessions of an agent, or those acted for a customer, since a time: each with its start,
 * end (or "open") and its actions (time, stream, event, version).
 */
export async function auditReport(
  db: Db,
  filter: { readonly agent?: string; readonly customer?: string; readonly since?: Date },
): Promise<string> {
  const agentId = filter.agent ? await userIdByEmail(db, filter.agent) : undefined;
  const buyerId = filter.customer ? await userIdByEmail(db, filter.customer) : undefined;
  const sessions = await listAgentSessions(db, {
    ...(agentId ? { agentId } : {}),
    ...(buyerId ? { buyerId } : {}),
    ...(filter.since ? { since: filter.since } : {}),
    limit: AUDIT_SESSIONS_MAX,
  });
  if (sessions.length === 0) return 'No customer service sessions.\n';
  const parts: string[] = [];
  for (const s of sessions) {
    const account = s.account ? ` account ${s.account.number} (${s.account.name})` : '';
    const end = s.endedAt ? `ended ${s.endedAt} (${s.endReason ?? 'ended'})` : 'open';
    const lines = [
      `Session ${s.id}`,
      `  agent     ${s.agent.name} <${s.agent.email}>`,
      `  customer  ${s.buyer.firstName} ${s.buyer.lastName} <${s.buyer.email}>${account}`,
      `  started   ${s.startedAt}`,
      `  ${end}`,
      `  saved-card consent ${s.savedCardConsent ? 'given' : 'not given'}`,
      `  actions   ${String(s.actions)}`,
    ];
    for (const action of await sessionActions(db, s.id)) {
      lines.push(`    ${action.at}  ${action.type}  ${action.streamId} v${String(action.version)}`);
    }
    parts.push(lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}
