/**
 * Messages for people. Each has a stable id, which is also its id in the Lingui catalogs,
 * and its English source text: the spec's wording where the spec gives one. Descriptors are
 * written as `/*i18n*\/ { id, message }` so that `lingui extract` finds them without a macro
 * (domain/ runs where no macro compiler does: the server, the worker, plain Node).
 * The browser shows `i18n._(message)`; the server answers with `formatMessage(message)`.
 */

export interface MessageDescriptor {
  readonly id: string;
  readonly message: string;
}

export type MessageValues = Readonly<Record<string, string | number>>;

export interface Message extends MessageDescriptor {
  readonly values?: MessageValues;
}

export function withValues(descriptor: MessageDescriptor, values: MessageValues): Message {
  return { id: descriptor.id, message: descriptor.message, values };
}

/** The English text with its `{name}` placeholders filled in. */
export function formatMessage(message: Message): string {
  const values = message.values ?? {};
  return message.message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** The `{name}` placeholders a message text uses, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();
}
