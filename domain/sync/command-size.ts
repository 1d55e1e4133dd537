/**
 * How large a command may be (issue 26, decision 045). Every stream kind names, in its one
 * definition, the most a command of it (its JSON, in UTF-8 bytes) and a push request of its
 * commands may weigh; the server checks both at its edge (`parsePush`), before anything is
 * decided or stored, so one request can no longer store most of a megabyte. The limits sit
 * well above the largest command a buyer can make (each kind's unit test builds it): a
 * stream's commands are sent again in halves when a batch is refused, so a batch over the
 * push limit still goes through, one half at a time.
 */

export interface CommandLimits {
  /** The largest command, as JSON in UTF-8 bytes. */
  readonly commandBytes: number;
  /** The largest push request's commands together (at least `commandBytes`). */
  readonly pushBytes: number;
}

export const KIB = 1024;

/** For a kind that names none: enough for any command of a few dozen fields. */
export const DEFAULT_COMMAND_LIMITS: CommandLimits = {
  commandBytes: 16 * KIB,
  pushBytes: 128 * KIB,
};

/** The UTF-8 length of text, counted without encoding it (a lone surrogate as U+FFFD). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else {
        bytes += 3;
      }
    } else bytes += 3;
  }
  return bytes;
}

/**
 * A value's size as JSON in UTF-8 bytes; `Infinity` for one that is no JSON at all (nested
 * beyond what JSON.stringify can write; the server's parser refuses such bodies first).
 */
export function jsonBytes(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return Infinity;
  }
  return text === undefined ? 0 : utf8Bytes(text);
}

export function checkCommandLimits(name: string, limits: CommandLimits): void {
  const { commandBytes, pushBytes } = limits;
  if (!Number.isInteger(commandBytes) || commandBytes <= 0 || pushBytes < commandBytes) {
    throw new Error(`Stream kind ${name}: a push must hold at least one command of its largest`);
  }
}
