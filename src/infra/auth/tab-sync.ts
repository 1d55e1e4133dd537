/**
 * Sign-in and sign-out across the tabs of this browser (SPEC 4.3): a BroadcastChannel
 * message, so another tab signs out (or in) within a moment. A name or email changed on the
 * profile page is told the same way, so every tab's header shows it at once (decision 055).
 */
export type TabMessage =
  | { readonly type: 'signed-out' }
  | { readonly type: 'signed-in' }
  | {
      readonly type: 'profile-changed';
      readonly userId: string;
      readonly firstName: string;
      readonly lastName: string;
      readonly email: string;
    };

const CHANNEL = 'storefront-auth';

let channel: BroadcastChannel | undefined;

function open(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function tellOtherTabs(message: TabMessage): void {
  try {
    open()?.postMessage(message);
  } catch {
    // A closed channel: the other tabs will find out at their next session check.
  }
}

export function listenToOtherTabs(handler: (message: TabMessage) => void): () => void {
  const ch = open();
  if (!ch) return () => undefined;
  const listener = (event: MessageEvent<TabMessage>) => {
    handler(event.data);
  };
  ch.addEventListener('message', listener);
  return () => {
    ch.removeEventListener('message', listener);
  };
}
