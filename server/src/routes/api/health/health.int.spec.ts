import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../../../../domain/shared/api-error-schema';
import { testDatabaseTargets, useTestDatabase } from '../../../../../tests/support/databases';
import { buildTestApp } from '../../../../../tests/support/app';

describe.each(testDatabaseTargets())('GET /api/health on $kind', (target) => {
  const database = useTestDatabase(target);

  it('answers 200 with the database in use', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: target.kind });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('answers 503 when the database does not answer', async () => {
    const app = await buildTestApp(database());
    await database().close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: target.kind });
    await app.close();
  });

  it('answers an unknown API path with a 404 error body', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe('not_found');
    await app.close();
  });
});
