import { describe, expect, it } from 'vitest';
import { activeBanners, footerContentSchema, navContentSchema } from './schemas';

const banner = {
  id: 'closure',
  message: 'Customer support is closed July 3-4. We reopen July 5 at 7:00 AM CT.',
  startsAt: '2026-06-28T00:00:00-05:00',
  endsAt: '2026-07-05T07:00:00-05:00',
};

describe('content schemas (SPEC 3, 7.1)', () => {
  it('accepts a menu with link lists and a promo tile', () => {
    const nav = navContentSchema.parse({
      items: [
        {
          title: 'Assessments & Solutions',
          linkLists: [
            {
              title: 'Product categories',
              links: [{ title: 'Behavior', path: '/en-us/search.html?category=behavior' }],
            },
          ],
          promo: { title: 'New', description: 'Digital scoring', path: '/en-us/', cta: 'See more' },
        },
      ],
    });
    expect(nav.banners).toEqual([]);
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'http://plain.example/', 'data:text/html,x'])(
    'refuses a link to %s',
    (path) => {
      const result = navContentSchema.safeParse({
        items: [{ title: 'x', linkLists: [{ title: 'y', links: [{ title: 'z', path }] }] }],
      });
      expect(result.success).toBe(false);
    },
  );

  it('refuses a footer without groups', () => {
    expect(
      footerContentSchema.safeParse({
        groups: [],
        corporateLinks: [],
        social: [],
        legal: [],
        copyright: 'c',
      }).success,
    ).toBe(false);
  });
});

describe('banners (SPEC 2.3)', () => {
  it('shows the support closure banner inside its window only', () => {
    expect(activeBanners([banner], '2026-07-03T12:00:00Z')).toEqual([banner]);
    expect(activeBanners([banner], '2026-06-27T12:00:00Z')).toEqual([]);
    // 7:00 AM CT on July 5 is 12:00 UTC.
    expect(activeBanners([banner], '2026-07-05T11:59:59Z')).toEqual([banner]);
    expect(activeBanners([banner], '2026-07-05T12:00:00Z')).toEqual([]);
  });
});
