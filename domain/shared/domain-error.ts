/**
 * A broken business rule. `code` is stable (clients branch on it); `detail` is the message
 * for people, with its values.
 */
import { formatMessage, type Message } from './message';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: string,
    readonly detail: Message,
  ) {
    super(formatMessage(detail));
  }
}
