/**
 * The visitor cookies an app checked: each signature is checked once, a forged or broken
 * cookie is never remembered (and never passes), and memory stays bounded.
 */
import { describe, expect, it } from 'vitest';
import { VerifiedVisitors } from './plugin';

/** Signs as `value.sig`; `value.old` is a valid signature by an older key. */
function unsigner() {
  let calls = 0;
  const unsign = (raw: string) => {
    calls += 1;
    const [value, signature] = raw.split('.');
    const valid = signature === 'sig' || signature === 'old';
    return { valid, renew: signature === 'old', value: valid ? (value ?? null) : null };
  };
  return { unsign, calls: () => calls };
}

describe('VerifiedVisitors', () => {
  it('checks a cookie once, and tells an older key apart', () => {
    const visitors = new VerifiedVisitors();
    const { unsign, calls } = unsigner();
    expect(visitors.check('v-1.sig', unsign)).toEqual({ value: 'v-1', renew: false });
    expect(visitors.check('v-1.sig', unsign)).toEqual({ value: 'v-1', renew: false });
    expect(calls()).toBe(1);
    expect(visitors.check('v-2.old', unsign)).toEqual({ value: 'v-2', renew: true });
  });

  it('never remembers or passes a cookie whose signature is wrong', () => {
    const visitors = new VerifiedVisitors();
    const { unsign, calls } = unsigner();
    expect(visitors.check('v-1.forged', unsign)).toBeUndefined();
    expect(visitors.check('v-1.forged', unsign)).toBeUndefined();
    expect(calls()).toBe(2);
  });

  it('stays bounded, and still answers once full', () => {
    const visitors = new VerifiedVisitors(100);
    const { unsign, calls } = unsigner();
    for (let i = 0; i < 1_000; i += 1) visitors.check(`v-${String(i)}.sig`, unsign);
    expect((visitors as unknown as { seen: Map<string, unknown> }).seen.size).toBeLessThanOrEqual(
      100,
    );
    expect(visitors.check('v-999.sig', unsign)).toEqual({ value: 'v-999', renew: false });
    expect(calls()).toBe(1_000);
  });
});
