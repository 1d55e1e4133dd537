import { describe, expect, it } from 'vitest';
import { parseApiErrorBody } from './api-error';

describe("the API's error body", () => {
  it('reads a body with and without fields', () => {
    expect(parseApiErrorBody({ error: { code: 'not-found', message: 'Not found' } })).toEqual({
      error: { code: 'not-found', message: 'Not found' },
    });
    const fields = [
      {
        path: 'qty',
        code: 'validation.number.out-of-range',
        message: 'Enter…',
        values: { min: 1, max: 999 },
      },
      { path: 'email', code: 'required', message: 'This field is required.' },
    ];
    expect(parseApiErrorBody({ error: { code: 'invalid', message: 'Bad', fields } })).toEqual({
      error: { code: 'invalid', message: 'Bad', fields },
    });
  });

  it('is null for what is not one', () => {
    for (const body of [
      null,
      'Bad gateway',
      [],
      {},
      { error: null },
      { error: { code: '', message: 'x' } },
      { error: { code: 'x' } },
      { error: { code: 'x', message: 1 } },
      { error: { code: 'x', message: 'y', fields: {} } },
      { error: { code: 'x', message: 'y', fields: [{ path: 'a', code: 'b' }] } },
      {
        error: {
          code: 'x',
          message: 'y',
          fields: [{ path: 'a', code: 'b', message: 'c', values: [] }],
        },
      },
      {
        error: {
          code: 'x',
          message: 'y',
          fields: [{ path: 'a', code: 'b', message: 'c', values: { min: true } }],
        },
      },
    ]) {
      expect(parseApiErrorBody(body), JSON.stringify(body)).toBeNull();
    }
  });

  it('keeps only what it knows of a field', () => {
    const body = parseApiErrorBody({
      error: {
        code: 'x',
        message: 'y',
        extra: 1,
        fields: [{ path: 'a', code: 'b', message: 'c', more: 2 }],
      },
    });
    expect(body).toEqual({
      error: { code: 'x', message: 'y', fields: [{ path: 'a', code: 'b', message: 'c' }] },
    });
  });
});
