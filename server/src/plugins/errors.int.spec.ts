import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../../domain/shared/api-error-schema';
import { quantitySchema } from '../../../domain/validation/cart';
import { testDatabaseTargets, useTestDatabase } from '../../../tests/support/databases';
import { buildTestApp } from '../../../tests/support/app';

const [pglite] = testDatabaseTargets();

describe('API errors', () => {
  const database = useTestDatabase(pglite!);

  it('answers input that fails a domain schema with 400, the field, the message id and the spec text', async () => {
    const app = await buildTestApp(database());
    app.post('/api/test-quantity', { config: { access: 'public' } }, (request, reply) =>
      reply.send({
        quantity: quantitySchema.parse((request.body as { quantity: unknown }).quantity),
      }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-quantity',
      payload: { quantity: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(response.json())).toEqual({
      error: {
        code: 'invalid_input',
        message: 'The request is not valid.',
        fields: [
          {
            path: '',
            code: 'validation.quantity.empty',
            message: 'Quantity field cannot be empty.',
          },
        ],
      },
    });
    await app.close();
  });

  it('hides an unexpected failure behind the spec’s generic message', async () => {
    const app = await buildTestApp(database());
    app.get('/api/test-crash', { config: { access: 'public' } }, () => {
      throw new Error('secret detail /var/lib/x');
    });
    const response = await app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'An error occurred.' },
    });
    expect(response.body).not.toContain('secret');
    await app.close();
  });

  it('answers malformed JSON with 400', async () => {
    const app = await buildTestApp(database());
    app.post('/api/test-json', { config: { access: 'public' } }, (_request, reply) =>
      reply.send({ ok: true }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-json',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe('invalid_json');
    await app.close();
  });
});
