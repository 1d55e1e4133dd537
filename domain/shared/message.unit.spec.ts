import { describe, expect, it } from 'vitest';
import { formatMessage, placeholdersOf, withValues } from './message';

describe('messages', () => {
  it('fills placeholders for the English text', () => {
    const d = { id: 'x', message: 'Product {code} costs {price}.' };
    expect(formatMessage(withValues(d, { code: 'A1', price: '$5' }))).toBe('Product A1 costs $5.');
    expect(formatMessage(d)).toBe('Product {code} costs {price}.');
  });

  it('lists placeholders', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b']);
  });
});
