/** The fuzzer's report as a table for the terminal. */
import type { FuzzReport } from './run';

export function summary(report: FuzzReport): string {
  const lines: string[] = [];
  const pad = (s: string, n: number) => s.padEnd(n);
  lines.push(
    `Fuzz: ${String(report.requests)} requests, seed ${String(report.seed)}, ${report.database}, ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  lines.push('', `${pad('status', 10)}answers`);
  for (const [status, n] of Object.entries(report.byStatus).sort()) {
    lines.push(`${pad(status, 10)}${String(n)}`);
  }
  lines.push(
    '',
    `Routes: ${String(report.routes.listed)} listed by the app; generic values for: ${report.routes.generic.join(', ') || 'none'}; not in the app: ${report.routes.missing.join(', ') || 'none'}`,
    `Markup: stored ${String(report.xss.stored.length)} times, refused ${String(report.xss.refused.length)} times, then ${String(report.xss.views)} views fetched`,
  );
  const byKind = Object.entries(report.failuresByKind);
  lines.push(
    '',
    byKind.length === 0
      ? 'Failures: none'
      : `Failures: ${byKind.map(([k, n]) => `${String(n)} ${k}`).join(', ')}`,
  );
  if (report.sessionsLost.length > 0) {
    lines.push(`Signed out during the run: ${report.sessionsLost.join(', ')}`);
  }
  for (const f of report.failures.slice(0, 30)) {
    lines.push(
      `- ${f.kind} ${f.route} as ${f.actor} (${String(f.status)}): ${f.detail.slice(0, 300)}`,
      `  ${f.request.method} ${f.request.url.slice(0, 300)} ${JSON.stringify(f.request.headers).slice(0, 300)}${f.request.body !== undefined ? ` body ${f.request.body.slice(0, 300)}` : ''}`,
    );
    if (f.serverLog)
      lines.push(`  log: ${f.serverLog.slice(0, 600).replaceAll('\n', '\n       ')}`);
  }
  return lines.join('\n');
}
