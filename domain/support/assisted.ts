/**
 * The buyer's side of customer service acting for them (decision 063, "The calls"):
 * `GET /api/me/assisted` tells the buyer's own browser whether an agent is acting for them
 * now, and who, so its open tabs can follow the cart the agent changes. (zod/mini: the
 * browser loads this once a buyer is signed in, not with the first page.)
 */
import * as z from 'zod/mini';

export const assistingAgentSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
});

export const assistedAnswerSchema = z.discriminatedUnion('assisted', [
  z.object({ assisted: z.literal(false) }),
  z.object({ assisted: z.literal(true), agent: assistingAgentSchema }),
]);

export type AssistingAgent = z.output<typeof assistingAgentSchema>;
export type AssistedAnswer = z.output<typeof assistedAnswerSchema>;
