/**
 * What `npm run lighthouse` keeps of its Lighthouse results: the median run of a page, the
 * row written to reports/lighthouse.json, the audits to fix and the targets of issue 17.
 * Pure, so it is tested without a browser.
 */
import type { Result } from 'lighthouse';

export interface LighthouseRow {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Lighthouse's default CPU slowdown for its mobile profile: a mid-range phone. */
export const DEFAULT_CPU_SLOWDOWN = 4;

export interface Targets {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  cls: number;
  /** Total blocking time, at the default slowdown only: at 8× it is the score that counts. */
  tbtMs: number | null;
}

/**
 * The acceptance figures (issues 17 and 31) for a CPU slowdown: ≥ 97 with TBT ≤ 200 ms at
 * Lighthouse's default 4×, and ≥ 90 on a CPU slowed further (8×: a host half as fast).
 */
export function targetsFor(cpuSlowdown: number): Targets {
  const slower = cpuSlowdown > DEFAULT_CPU_SLOWDOWN;
  return {
    performance: slower ? 90 : 97,
    accessibility: 100,
    seo: 100,
    bestPractices: 96,
    cls: 0.02,
    tbtMs: slower ? null : 200,
  };
}

export function targetsText(targets: Targets): string {
  const tbt = targets.tbtMs === null ? '' : `, TBT ≤ ${targets.tbtMs} ms`;
  return (
    `performance ≥ ${targets.performance}, accessibility ${targets.accessibility}, ` +
    `SEO ${targets.seo}, best practices ≥ ${targets.bestPractices}, CLS ≤ ${targets.cls}${tbt}`
  );
}

/** `--cpu-slowdown N` among a script's arguments, else the default; a bad N throws. */
export function cpuSlowdownOf(args: readonly string[]): {
  cpuSlowdown: number;
  rest: string[];
} {
  const rest: string[] = [];
  let cpuSlowdown = DEFAULT_CPU_SLOWDOWN;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const inline = /^--cpu-slowdown=(.*)$/.exec(arg);
    if (arg !== '--cpu-slowdown' && !inline) {
      rest.push(arg);
      continue;
    }
    const value = inline ? inline[1] : args[++i];
    const n = Number(value);
    if (value === undefined || value === '' || !Number.isFinite(n) || n < 1 || n > 20) {
      throw new Error(`--cpu-slowdown takes a number from 1 to 20 (got ${value ?? 'nothing'})`);
    }
    cpuSlowdown = n;
  }
  return { cpuSlowdown, rest };
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function categoryScore(lhr: Result, id: (typeof CATEGORIES)[number]): number {
  const score = lhr.categories[id]?.score;
  if (score === null || score === undefined) {
    throw new Error(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}`);
  }
  return Math.round(score * 100);
}

function metric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) {
    throw new Error(`Lighthouse measured no ${id} for ${lhr.finalDisplayedUrl}`);
  }
  return value;
}

export function rowOf(route: string, lhr: Result): LighthouseRow {
  return {
    route,
    performance: categoryScore(lhr, 'performance'),
    accessibility: categoryScore(lhr, 'accessibility'),
    bestPractices: categoryScore(lhr, 'best-practices'),
    seo: categoryScore(lhr, 'seo'),
    fcpMs: Math.round(metric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(metric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(metric(lhr, 'total-blocking-time')),
    cls: Math.round(metric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
  };
}

/**
 * The run whose performance score is the median (ties go to the median LCP), so a page's
 * scores, metrics and audits all come from one real load: a performance score is a function
 * of its own metrics, and medians taken metric by metric could pair figures no load showed.
 */
export function medianRun(runs: readonly Result[]): Result {
  if (runs.length === 0) throw new Error('No Lighthouse runs to take a median of');
  const sorted = [...runs].sort(
    (a, b) =>
      categoryScore(a, 'performance') - categoryScore(b, 'performance') ||
      metric(b, 'largest-contentful-paint') - metric(a, 'largest-contentful-paint'),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] as Result;
}

export interface AuditToFix {
  id: string;
  title: string;
  /** Lighthouse's own summary, e.g. "Est savings of 450 ms"; empty when it has none. */
  displayValue: string;
  /** Where it failed: the first few elements, scripts or issues Lighthouse lists. */
  where: string[];
  /** False when its weight is 0: it fails without lowering the category's score. */
  weighted: boolean;
}

type Audit = Result['audits'][string];

function describeValue(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value !== 'object' || value === null || !('type' in value)) return undefined;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'node':
      return [v.selector, v.snippet].filter((part) => typeof part === 'string').join(' ');
    case 'source-location':
      return `${String(v.url)}:${String(v.line)}`;
    case 'url':
    case 'code':
    case 'text':
      return typeof v.value === 'string' ? v.value : undefined;
    case 'link':
      return typeof v.url === 'string' ? v.url : undefined;
    default:
      return undefined;
  }
}

/**
 * The first column of the audit's table (an element, a URL, an issue), a few rows of it; for a
 * list of tables (the LCP element and its phases), of the first table.
 */
export function whereFound(audit: Audit, limit = 3): string[] {
  let details: unknown = audit.details;
  if (isDetails(details, 'list')) details = details.items.find((item) => isDetails(item, 'table'));
  if (!isDetails(details, 'table') && !isDetails(details, 'opportunity')) return [];
  const key = details.headings?.find((heading) => heading.key !== null)?.key;
  if (!key) return [];
  return details.items
    .map((item) => describeValue((item as Record<string, unknown>)[key]))
    .filter((text): text is string => text !== undefined && text !== '')
    .slice(0, limit)
    .map((text) => (text.length > 160 ? `${text.slice(0, 157)}...` : text));
}

function isDetails<T extends string>(
  value: unknown,
  type: T,
): value is { type: T; items: unknown[]; headings?: { key: string | null }[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === type &&
    Array.isArray((value as { items?: unknown }).items)
  );
}

type AuditRef = NonNullable<Result['categories'][string]>['auditRefs'][number];

function toFix({ audit, ref }: { audit: Audit; ref: AuditRef }): AuditToFix {
  return {
    id: audit.id,
    title: audit.title,
    displayValue: audit.displayValue ?? '',
    where: whereFound(audit),
    weighted: ref.weight > 0,
  };
}

/** The category's audits with their reference (weight, group), those that ran. */
function auditsOf(lhr: Result, categoryId: string): { audit: Audit; ref: AuditRef }[] {
  return (lhr.categories[categoryId]?.auditRefs ?? []).flatMap((ref) => {
    const audit = lhr.audits[ref.id];
    return audit ? [{ audit, ref }] : [];
  });
}

const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

/** Failed audits of the accessibility, best-practices and SEO categories, by category. */
export function failingAudits(lhr: Result): Record<string, AuditToFix[]> {
  const failing: Record<string, AuditToFix[]> = {};
  for (const id of ['accessibility', 'best-practices', 'seo'] as const) {
    if (!lhr.categories[id]) continue;
    failing[id] = auditsOf(lhr, id)
      .filter(
        ({ audit }) =>
          SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1,
      )
      .map(toFix);
  }
  return failing;
}

function savingsMs(audit: Audit): number {
  const savings = audit.metricSavings ?? {};
  return (savings.FCP ?? 0) + (savings.LCP ?? 0) + (savings.TBT ?? 0);
}

/**
 * The performance audits that did not pass (Lighthouse passes them at 0.9), the largest
 * estimated savings of FCP + LCP + TBT first, then those that name a cause without a figure
 * (layout shifts, the LCP element). The metrics themselves and hidden audits are left out.
 */
export function topOpportunities(lhr: Result, limit = 6): AuditToFix[] {
  return auditsOf(lhr, 'performance')
    .filter(({ ref }) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .filter(
      ({ audit }) =>
        SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 0.9,
    )
    .sort(
      (a, b) =>
        savingsMs(b.audit) - savingsMs(a.audit) || (a.audit.score ?? 0) - (b.audit.score ?? 0),
    )
    .slice(0, limit)
    .map(toFix);
}

/** What a page misses of the targets, in words; empty when it meets them all. */
export function missedTargets(
  row: LighthouseRow,
  targets: Targets = targetsFor(DEFAULT_CPU_SLOWDOWN),
): string[] {
  const missed: string[] = [];
  if (row.performance < targets.performance) missed.push(`performance ${row.performance}`);
  if (row.accessibility < targets.accessibility) missed.push(`accessibility ${row.accessibility}`);
  if (row.seo < targets.seo) missed.push(`SEO ${row.seo}`);
  if (row.bestPractices < targets.bestPractices) missed.push(`best practices ${row.bestPractices}`);
  if (row.cls > targets.cls) missed.push(`CLS ${row.cls}`);
  if (targets.tbtMs !== null && row.tbtMs > targets.tbtMs) missed.push(`TBT ${row.tbtMs} ms`);
  return missed;
}

/** The rows as a Markdown table, ready to paste into a decision record or an issue. */
export function markdownTable(rows: readonly LighthouseRow[]): string {
  const header =
    '| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |';
  const rule = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
  const lines = rows.map(
    (r) =>
      `| \`${r.route}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} ` +
      `| ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls.toFixed(3)} |`,
  );
  return [header, rule, ...lines].join('\n');
}
