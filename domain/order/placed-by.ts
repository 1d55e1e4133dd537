/**
 * 'Placed by' (SPEC 3 Order; decision 063): an order or a quote made by customer service for
 * a buyer says so, in one wording on every page, mail and PDF that shows it: 'Placed by:
 * Customer service (Alex Morgan)'. What the buyer made themselves shows no 'Placed by'.
 */
import { withValues, type Message, type MessageDescriptor } from '../shared/message';
import type { PlacedBy } from './order';

export const PLACED_BY_MESSAGES = {
  label: /*i18n*/ { id: 'order.placed-by', message: 'Placed by' },
  /** The same words of a quote: languages whose words agree with 'order' or 'quote' differ. */
  quoteLabel: /*i18n*/ { id: 'quote.placed-by', message: 'Placed by' },
  agent: /*i18n*/ { id: 'order.placed-by.agent', message: 'Customer service ({name})' },
} as const satisfies Record<string, MessageDescriptor>;

/**
 * The 'Placed by' value of what customer service made ('Customer service (Alex Morgan)'),
 * or null when the buyer made it (or it was made before 'Placed by' was recorded).
 */
export function placedByAgent(placedBy: PlacedBy | undefined): Message | null {
  return placedBy?.kind === 'agent'
    ? withValues(PLACED_BY_MESSAGES.agent, { name: placedBy.name })
    : null;
}
