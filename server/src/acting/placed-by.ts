/**
 * Who made an order or a quote, as it records it ('Placed by', decision 063): the buyer, or
 * the member of customer service acting for them, by name. Set by the server from the acting
 * party, never taken from a browser.
 */
import type { PlacedBy } from '../../../domain/order/order';
import type { Acting, ForBuyer } from './acting';

export function placedByOf(who: ForBuyer): PlacedBy {
  if (who.kind === 'agent') {
    return { kind: 'agent', id: who.agentId, name: who.agentName };
  }
  return {
    kind: 'user',
    id: who.buyer.id,
    name: `${who.buyer.givenName} ${who.buyer.familyName}`,
  };
}

/** The same for any acting party: none for those who do not act for a buyer. */
export function placedByOfActing(who: Acting): PlacedBy | undefined {
  return who.kind === 'buyer' || who.kind === 'agent' ? placedByOf(who) : undefined;
}
