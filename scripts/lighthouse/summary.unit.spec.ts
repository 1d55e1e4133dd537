import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import {
  failingAudits,
  markdownTable,
  medianRun,
  missedTargets,
  cpuSlowdownOf,
  targetsFor,
  targetsText,
  rowOf,
  topOpportunities,
} from './summary';

type Audit = Result['audits'][string];

function audit(id: string, fields: Partial<Audit> = {}): Audit {
  return {
    id,
    title: `Title of ${id}`,
    description: '',
    score: 1,
    scoreDisplayMode: 'binary',
    ...fields,
  };
}

/** A Lighthouse result with just what the summary reads. */
function lhr(
  performance: number,
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number } = {},
  extra: {
    audits?: Audit[];
    refs?: Partial<Record<string, { id: string; group?: string; weight?: number }[]>>;
  } = {},
): Result {
  const metricAudits = [
    audit('first-contentful-paint', { numericValue: metrics.fcp ?? 1000 }),
    audit('largest-contentful-paint', { numericValue: metrics.lcp ?? 2000 }),
    audit('total-blocking-time', { numericValue: metrics.tbt ?? 100 }),
    audit('cumulative-layout-shift', { numericValue: metrics.cls ?? 0 }),
  ];
  const audits = Object.fromEntries(
    [...metricAudits, ...(extra.audits ?? [])].map((a) => [a.id, a]),
  );
  const category = (id: string, score: number) => ({
    id,
    title: id,
    score,
    auditRefs: (extra.refs?.[id] ?? []).map((ref) => ({ weight: 1, ...ref })),
  });
  return {
    finalDisplayedUrl: 'http://127.0.0.1/en-us/',
    audits,
    categories: {
      performance: category('performance', performance),
      accessibility: category('accessibility', 1),
      'best-practices': category('best-practices', 0.96),
      seo: category('seo', 1),
    },
  } as unknown as Result;
}

describe('the Lighthouse summary', () => {
  it('takes the run with the median performance score, whatever the order of the runs', () => {
    const runs = [lhr(0.9, { lcp: 1 }), lhr(0.7, { lcp: 2 }), lhr(0.8, { lcp: 3 })];
    expect(medianRun(runs).audits['largest-contentful-paint']?.numericValue).toBe(3);
  });

  it('breaks a tie in performance with the median LCP', () => {
    const runs = [lhr(0.8, { lcp: 2500 }), lhr(0.8, { lcp: 1500 }), lhr(0.8, { lcp: 2000 })];
    expect(medianRun(runs).audits['largest-contentful-paint']?.numericValue).toBe(2000);
  });

  it('writes scores out of 100, times in whole ms and CLS to three decimals', () => {
    const row = rowOf('/en-us/', lhr(0.954, { fcp: 812.4, lcp: 1999.6, tbt: 0.2, cls: 0.01849 }));
    expect(row).toEqual({
      route: '/en-us/',
      performance: 95,
      accessibility: 100,
      bestPractices: 96,
      seo: 100,
      fcpMs: 812,
      lcpMs: 2000,
      tbtMs: 0,
      cls: 0.018,
    });
  });

  it('lists the failed audits of accessibility, best practices and SEO, with where they failed', () => {
    const result = lhr(
      0.9,
      {},
      {
        audits: [
          audit('color-contrast', {
            score: 0,
            details: {
              type: 'table',
              headings: [{ key: 'node', valueType: 'node', label: 'Failing Elements' }],
              items: [
                { node: { type: 'node', selector: 'p.price', snippet: '<p class="price">' } },
              ],
            },
          }),
          audit('image-alt', { score: null, scoreDisplayMode: 'notApplicable' }),
          audit('focus-traps', { score: null, scoreDisplayMode: 'manual' }),
          audit('canonical', { score: 1 }),
          audit('inspector-issues', { score: 0 }),
        ],
        refs: {
          accessibility: [{ id: 'color-contrast' }, { id: 'image-alt' }, { id: 'focus-traps' }],
          seo: [{ id: 'canonical' }],
          'best-practices': [{ id: 'inspector-issues', weight: 0 }],
        },
      },
    );
    expect(failingAudits(result)).toEqual({
      accessibility: [
        {
          id: 'color-contrast',
          title: 'Title of color-contrast',
          displayValue: '',
          where: ['p.price <p class="price">'],
          weighted: true,
        },
      ],
      'best-practices': [
        {
          id: 'inspector-issues',
          title: 'Title of inspector-issues',
          displayValue: '',
          where: [],
          weighted: false,
        },
      ],
      seo: [],
    });
  });

  it('ranks the performance audits that did not pass by the time they would save', () => {
    const result = lhr(
      0.7,
      {},
      {
        audits: [
          audit('unused-javascript', {
            score: 0.5,
            scoreDisplayMode: 'metricSavings',
            metricSavings: { LCP: 300, FCP: 0 },
          }),
          audit('render-blocking-resources', {
            score: 0,
            scoreDisplayMode: 'metricSavings',
            metricSavings: { FCP: 600, LCP: 600 },
          }),
          audit('layout-shifts', { score: 0, scoreDisplayMode: 'metricSavings' }),
          audit('uses-long-cache-ttl', { score: 0.95, scoreDisplayMode: 'metricSavings' }),
          audit('lcp-discovery-insight', { score: 0, scoreDisplayMode: 'metricSavings' }),
        ],
        refs: {
          performance: [
            { id: 'largest-contentful-paint', group: 'metrics' },
            { id: 'unused-javascript' },
            { id: 'render-blocking-resources' },
            { id: 'layout-shifts', group: 'diagnostics' },
            { id: 'uses-long-cache-ttl' },
            { id: 'lcp-discovery-insight', group: 'hidden' },
          ],
        },
      },
    );
    expect(topOpportunities(result).map((a) => a.id)).toEqual([
      'render-blocking-resources',
      'unused-javascript',
      'layout-shifts',
    ]);
  });

  it('names the LCP element from the first table of its list', () => {
    const lcpElement = audit('largest-contentful-paint-element', {
      score: 0,
      scoreDisplayMode: 'metricSavings',
      details: {
        type: 'list',
        items: [
          {
            type: 'table',
            headings: [{ key: 'node', valueType: 'node', label: 'Element' }],
            items: [{ node: { type: 'node', selector: 'section.home__hero > p', snippet: '<p>' } }],
          },
          {
            type: 'table',
            headings: [{ key: 'phase', valueType: 'text', label: 'Phase' }],
            items: [{ phase: 'TTFB' }],
          },
        ],
      },
    });
    const result = lhr(
      0.7,
      {},
      {
        audits: [lcpElement],
        refs: { performance: [{ id: 'largest-contentful-paint-element' }] },
      },
    );
    expect(topOpportunities(result)[0]?.where).toEqual(['section.home__hero > p <p>']);
  });

  it('names each target a page misses, and none when it meets them', () => {
    const row = rowOf('/en-us/', lhr(0.94, { cls: 0.021 }));
    expect(missedTargets(row)).toEqual(['performance 94', 'CLS 0.021']);
    expect(missedTargets({ ...row, performance: 97, cls: 0.02 })).toEqual([]);
    expect(missedTargets({ ...row, performance: 97, cls: 0, bestPractices: 95, seo: 99 })).toEqual([
      'SEO 99',
      'best practices 95',
    ]);
    expect(missedTargets({ ...row, performance: 97, cls: 0, tbtMs: 201 })).toEqual(['TBT 201 ms']);
  });

  it('asks ≥ 97 and TBT ≤ 200 ms at the default 4×, ≥ 90 at 8×', () => {
    const row = { ...rowOf('/en-us/', lhr(0.91, { cls: 0 })), tbtMs: 450 };
    expect(missedTargets(row, targetsFor(4))).toEqual(['performance 91', 'TBT 450 ms']);
    expect(missedTargets(row, targetsFor(8))).toEqual([]);
    expect(missedTargets({ ...row, performance: 89 }, targetsFor(8))).toEqual(['performance 89']);
    expect(targetsText(targetsFor(8))).not.toContain('TBT');
  });

  it('reads --cpu-slowdown N, and refuses what is not a slowdown', () => {
    expect(cpuSlowdownOf([])).toEqual({ cpuSlowdown: 4, rest: [] });
    expect(cpuSlowdownOf(['search', '--cpu-slowdown', '8'])).toEqual({
      cpuSlowdown: 8,
      rest: ['search'],
    });
    expect(cpuSlowdownOf(['--cpu-slowdown=6', 'cart']).cpuSlowdown).toBe(6);
    expect(() => cpuSlowdownOf(['--cpu-slowdown'])).toThrow(/number from 1 to 20/);
    expect(() => cpuSlowdownOf(['--cpu-slowdown', 'fast'])).toThrow(/got fast/);
    expect(() => cpuSlowdownOf(['--cpu-slowdown', '0'])).toThrow();
  });

  it('prints a Markdown table with one row per page', () => {
    const table = markdownTable([rowOf('/en-us/cart', lhr(0.81, { cls: 0.1 }))]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain(
      '| `/en-us/cart` | 81 | 100 | 96 | 100 | 1000 ms | 2000 ms | 100 ms | 0.100 |',
    );
  });
});
