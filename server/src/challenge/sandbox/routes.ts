/**
 * The checkout challenge sandbox's endpoint (decision 061): `POST
 * /api/challenge-sandbox/tokens` with `{ action, confirmed: true }`, sent by the checkbox when
 * the buyer ticks it, answers a token for that action and when it expires. Only for
 * signed-in buyers (only they check out); it keeps nothing until the token is spent.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { PLACE_ORDER_ACTION } from '../verifier';
import { SANDBOX_CHALLENGE_TOKEN_PATH, type SandboxChallenge } from './sandbox-challenge';

const tokenRequestSchema = z.strictObject({
  action: z.literal(PLACE_ORDER_ACTION),
  confirmed: z.literal(true),
});

export function registerChallengeSandboxRoutes(
  app: FastifyInstance,
  challenge: SandboxChallenge,
): void {
  app.post(
    SANDBOX_CHALLENGE_TOKEN_PATH,
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const { action } = tokenRequestSchema.parse(request.body);
      const issued = await challenge.issue(action);
      return reply.code(201).header('cache-control', 'no-store').send(issued);
    },
  );
}
