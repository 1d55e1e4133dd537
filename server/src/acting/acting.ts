/**
 * Who acts, and for whom (ARCHITECTURE §4, decision 047): every write and every read of a
 * buyer's data names its `Acting`, resolved once per HTTP request by the acting plugin
 * (`request.acting`), or made here for the store's own writers (an operator at the terminal,
 * a process manager, the fulfilment). The event store records the actor and, when someone
 * acts for a buyer, the buyer and customer account in each event's metadata.
 */
import type { Actor, OnBehalfOf } from '../../../domain/shared/event-metadata';
import type { User } from '../auth/users';

/** A visitor: no one signed in; `visitorId` is the signed visitor cookie's, when there is one. */
export interface VisitorActing {
  readonly kind: 'visitor';
  readonly visitorId: string | undefined;
}

/** A signed-in buyer acting for themselves. */
export interface BuyerActing {
  readonly kind: 'buyer';
  readonly buyer: User;
  /** How the request proved it: a bearer access token or the store's session cookie. */
  readonly via: 'token' | 'session';
  /** The session cookie's id (logout ends it), when the request carried a live one. */
  readonly sessionId: string | undefined;
  readonly visitorId: string | undefined;
}

/** A member of customer service acting for a buyer, for one of their customer accounts. */
export interface AgentActing {
  readonly kind: 'agent';
  readonly agentId: string;
  /** The agent's given and family name ('Alex Morgan'), as 'Placed by' shows it. */
  readonly agentName: string;
  readonly buyer: User;
  readonly accountId: string | null;
  /** The session of acting for the buyer (`agent_sessions`); '' when there is none. */
  readonly sessionId: string;
  /** Whether the buyer consented, in this session, to the agent paying with a saved card. */
  readonly savedCardConsent: boolean;
}

/** A member of the store's staff at the terminal (`npm run orders`). */
export interface OperatorActing {
  readonly kind: 'operator';
  readonly operatorId: string;
}

/** The store itself: a process manager, the fulfilment, a scheduled job. */
export interface StoreActing {
  readonly kind: 'store';
  /** What of the store acts (`order-placed-clears-cart`, `fulfilment`, `payments`). */
  readonly process: string;
}

export type Acting = VisitorActing | BuyerActing | AgentActing | OperatorActing | StoreActing;

/** Those who act for a buyer (themselves or as customer service). */
export type ForBuyer = BuyerActing | AgentActing;

export const acting = {
  operator: (operatorId: string): OperatorActing => ({ kind: 'operator', operatorId }),
  store: (process: string): StoreActing => ({ kind: 'store', process }),
  visitor: (visitorId: string | undefined): VisitorActing => ({ kind: 'visitor', visitorId }),
  buyer: (
    buyer: User,
    via: BuyerActing['via'] = 'session',
    extra: { readonly sessionId?: string; readonly visitorId?: string } = {},
  ): BuyerActing => ({
    kind: 'buyer',
    buyer,
    via,
    sessionId: extra.sessionId,
    visitorId: extra.visitorId,
  }),
  agent: (
    agentId: string,
    buyer: User,
    accountId: string | null = null,
    extra: { agentName?: string; sessionId?: string; savedCardConsent?: boolean } = {},
  ): AgentActing => ({
    kind: 'agent',
    agentId,
    agentName: extra.agentName ?? agentId,
    buyer,
    accountId,
    sessionId: extra.sessionId ?? '',
    savedCardConsent: extra.savedCardConsent ?? false,
  }),
} as const;

/** The buyer a request acts for, if any. */
export function buyerOf(who: Acting): User | undefined {
  return who.kind === 'buyer' || who.kind === 'agent' ? who.buyer : undefined;
}

/** Whether someone acts for a buyer (the buyer, or customer service for them). */
export function isForBuyer(who: Acting): who is ForBuyer {
  return who.kind === 'buyer' || who.kind === 'agent';
}

/** The actor recorded on events: who did it. */
export function actorOf(who: Acting): Actor {
  switch (who.kind) {
    case 'visitor':
      return { kind: 'visitor', id: who.visitorId ?? '' };
    case 'buyer':
      return { kind: 'user', id: who.buyer.id };
    case 'agent':
      return { kind: 'agent', id: who.agentId };
    case 'operator':
      return { kind: 'operator', id: who.operatorId };
    case 'store':
      return { kind: 'system', id: who.process };
  }
}

/** For whom, when someone acts for a buyer other than themselves. */
export function onBehalfOf(who: Acting): OnBehalfOf | undefined {
  if (who.kind !== 'agent') return undefined;
  return {
    userId: who.buyer.id,
    ...(who.accountId !== null ? { accountId: who.accountId } : {}),
  };
}

/** Who owns what this acting party makes: the buyer it acts for, else the visitor. */
export function ownerOf(who: Acting): Actor | undefined {
  const buyer = buyerOf(who);
  if (buyer) return { kind: 'user', id: buyer.id };
  if (who.kind === 'visitor' && who.visitorId) return { kind: 'visitor', id: who.visitorId };
  return undefined;
}

/** A stream's owner, as its row records it. */
export interface OwnedRow {
  readonly ownerKind: string;
  readonly ownerId: string;
}

/**
 * Whether the acting party may read and write a stream: the store and its operators any;
 * whoever acts for a buyer, the buyer's; a browser, its visitor's (a signed-in buyer's browser
 * too: the merge at sign-in reads and empties the visitor's cart). Anyone else's stream is,
 * to them, a stream that does not exist.
 */
export function mayAccess(who: Acting, row: OwnedRow): boolean {
  if (who.kind === 'store' || who.kind === 'operator') return true;
  const buyer = buyerOf(who);
  if (row.ownerKind === 'user') return buyer !== undefined && buyer.id === row.ownerId;
  if (row.ownerKind === 'visitor') {
    const visitorId = who.kind === 'visitor' || who.kind === 'buyer' ? who.visitorId : undefined;
    return visitorId !== undefined && visitorId === row.ownerId;
  }
  return false;
}
