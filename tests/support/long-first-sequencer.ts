/**
 * The order integration test files start in: the long ones first (the crash test, the
 * fuzzer, the backup round trip, the operator tools, the store process tests), so that no worker is left with a
 * four-minute file at the end while the other waits. Vitest's own order (by earlier
 * durations, which a clean clone has none of, else by file size) puts the small crash spec
 * last. Within each part, Vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FIRST = [
  /tests\/crash\//,
  /scripts\/fuzz\//,
  /scripts\/backup\./,
  /scripts\/orders\./,
  /scripts\/mail\./,
  /server\/src\/server\.int\./,
  /sign-in-abuse\./,
  /mail-outbox\./,
  /health\.int\./,
];

function rank(file: TestSpecification): number {
  const index = LONG_FIRST.findIndex((pattern) => pattern.test(file.moduleId));
  return index < 0 ? LONG_FIRST.length : index;
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
