/**
 * API writes while the store is down for maintenance (decision 069): refused with a 503, a
 * Retry-After and words saying why, before any route runs. Reads go on (the pages' own
 * answer, the installed app browsing what it has, the health check), and so does the
 * operator channel, which is no HTTP route.
 */
import type { FastifyInstance } from 'fastify';
import { formatMessage } from '../../../domain/shared/message';
import { MAINTENANCE_MESSAGES } from '../../../domain/storefront/error-pages';
import { errorBody } from '../plugins/errors';
import type { MaintenanceGate } from './maintenance';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the store is down for maintenance, as this instance knows it. */
    maintenance: MaintenanceGate;
  }
}

export function registerMaintenance(app: FastifyInstance, gate: MaintenanceGate): void {
  app.decorate('maintenance', gate);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const down = await gate.current();
    if (!down) return;
    return reply
      .code(503)
      .header('retry-after', String(down.retryAfterSeconds))
      .header('cache-control', 'no-store')
      .send(errorBody('maintenance', formatMessage(MAINTENANCE_MESSAGES.refused)));
  });
}
