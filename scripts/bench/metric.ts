/** One benchmark figure as reports/bench.json holds it: `{ name, value, unit }`. */
export interface Metric {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
}

export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export const round = (value: number, places = 2) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};
