import { describe, expect, it } from 'vitest';
import { seedPromotions } from './catalog-seed';

describe("the seed's promotions", () => {
  it('keep their outcome whatever day the seed runs', () => {
    for (const today of [new Date('2026-11-23T10:00:00Z'), new Date('2031-02-28T23:00:00Z')]) {
      const byCode = new Map(seedPromotions(today).map((p) => [p.code, p]));
      const active = (code: string) => {
        const p = byCode.get(code);
        return Boolean(p && p.startsAt <= today && (p.endsAt === null || p.endsAt >= today));
      };
      expect(active('SCHOOL10')).toBe(true);
      expect(active('KITS20')).toBe(true);
      expect(active('SPRING25')).toBe(false);
      expect(byCode.get('SPRING25')?.endsAt?.getTime()).toBeLessThan(today.getTime());
      expect(byCode.get('FUTURE15')?.startsAt.getTime()).toBeGreaterThan(today.getTime());
    }
  });
});
