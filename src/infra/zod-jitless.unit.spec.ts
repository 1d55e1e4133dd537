import { describe, expect, it } from 'vitest';

describe('zod without compiled parsers', () => {
  it('takes the setting made before it loads', async () => {
    await import('./zod-jitless');
    const z = await import('zod/mini');
    expect(z.config().jitless).toBe(true);
    // And still parses.
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
