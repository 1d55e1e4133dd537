import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventSubject, ValueSubject } from './value-subject';

/** The same script run against RxJS's subject and ours gives the same calls. */
function script(subject: {
  next(value: number): void;
  subscribe(listener: (value: number) => void): { unsubscribe(): void };
}): string[] {
  const calls: string[] = [];
  const first = subject.subscribe((v) => calls.push(`a${String(v)}`));
  subject.next(1);
  const second = subject.subscribe((v) => {
    calls.push(`b${String(v)}`);
    // A listener that unsubscribes another while a value goes out: that one is not called.
    if (v === 2) first.unsubscribe();
  });
  subject.next(2);
  subject.next(3);
  second.unsubscribe();
  subject.next(4);
  return calls;
}

describe('ValueSubject', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('behaves as the BehaviorSubject the shell used', () => {
    expect(script(new ValueSubject(0))).toEqual(script(new BehaviorSubject(0)));
  });

  it('holds its current value', () => {
    const subject = new ValueSubject<string | null>(null);
    expect(subject.getValue()).toBeNull();
    subject.next('x');
    expect(subject.getValue()).toBe('x');
    expect(subject.value).toBe('x');
  });

  it('tells the other listeners when one throws, and reports the error afterwards', () => {
    vi.useFakeTimers();
    const subject = new ValueSubject(0);
    const seen: number[] = [];
    subject.subscribe((v) => {
      if (v === 1) throw new Error('listener failed');
    });
    subject.subscribe((v) => seen.push(v));
    subject.next(1);
    expect(seen).toEqual([0, 1]);
    expect(() => vi.runAllTimers()).toThrow('listener failed');
  });
});

describe('EventSubject', () => {
  it('behaves as the Subject the shell used', () => {
    expect(script(new EventSubject<number>())).toEqual(script(new Subject<number>()));
  });

  it('counts the same listener subscribed twice twice', () => {
    const subject = new EventSubject<number>();
    const seen: number[] = [];
    const listener = (v: number) => seen.push(v);
    subject.subscribe(listener);
    const again = subject.subscribe(listener);
    subject.next(1);
    again.unsubscribe();
    subject.next(2);
    expect(seen).toEqual([1, 1, 2]);
  });
});
