/**
 * The announcement of a switch between buying as an individual and as an organization (SPEC
 * 1: banners announce the switch; decision 062). Kept on this device until the user dismisses
 * it, for the user who switched only, and shown by every open tab (the browser tells the
 * others through the storage event).
 */
import { withServerValue } from './use-observable';
import { ValueSubject } from './value-subject';

const KEY = 'buying-as-switched:v1';

export interface SwitchAnnouncement {
  readonly userId: string;
  readonly accountType: 'PERSONAL' | 'ORGANIZATION';
  readonly name: string;
  readonly number: string;
}

function parse(text: string | null): SwitchAnnouncement | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<SwitchAnnouncement> | null;
    if (
      value &&
      typeof value.userId === 'string' &&
      (value.accountType === 'PERSONAL' || value.accountType === 'ORGANIZATION') &&
      typeof value.name === 'string' &&
      typeof value.number === 'string'
    ) {
      return value as SwitchAnnouncement;
    }
  } catch {
    // Not ours, or damaged: nothing to announce.
  }
  return null;
}

function stored(): SwitchAnnouncement | null {
  try {
    return parse(globalThis.localStorage?.getItem(KEY) ?? null);
  } catch {
    return null;
  }
}

/** The announcement waiting on this device, if any (null on the server). */
export const switchAnnouncement$ = withServerValue(
  new ValueSubject<SwitchAnnouncement | null>(typeof window === 'undefined' ? null : stored()),
  null,
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) switchAnnouncement$.next(stored());
  });
}

export function announceSwitch(announcement: SwitchAnnouncement): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(announcement));
  } catch {
    // Storage full or refused: this tab still shows it.
  }
  switchAnnouncement$.next(announcement);
}

export function dismissSwitchAnnouncement(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept to remove.
  }
  switchAnnouncement$.next(null);
}
