/** GET /api/health: is the store able to serve, and on which database. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';

const DATABASE_TIMEOUT_MS = 2_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping(DATABASE_TIMEOUT_MS);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database does not answer');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
