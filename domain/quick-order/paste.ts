/**
 * Codes and quantities pasted from a spreadsheet or read from a CSV file (code, quantity):
 * what the quick order page needs before it reads them, kept light. The reading itself is
 * in read-lines.ts, loaded only when there is something to read.
 */
import { withValues, type Message } from '../shared/message';
import { QUICK_ORDER_MAX_BYTES } from '../validation/quick-order';
import { V } from '../validation/messages';

export interface PastedLine {
  readonly code: string;
  readonly quantity: string;
}

/** Whether a paste holds more than one value (so it fills rows, not one field). */
export function isMultiValuePaste(text: string): boolean {
  return /[\n\r\t,;|]/.test(text.trim());
}

/** The size of a text as UTF-8, in bytes (what it weighs as a file). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The message for a file or a paste larger than quick order reads, null when it fits. */
export function sizeProblem(bytes: number, source: 'file' | 'paste'): Message | null {
  if (bytes <= QUICK_ORDER_MAX_BYTES) return null;
  const max = QUICK_ORDER_MAX_BYTES / (1024 * 1024);
  return withValues(source === 'file' ? V.quickOrderFileTooLarge : V.quickOrderPasteTooLarge, {
    max,
  });
}
