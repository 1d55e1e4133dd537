/** Whether the browser believes it is online; the shell tells the user when it is not. */
import { BehaviorSubject } from 'rxjs';

export const online$ = new BehaviorSubject<boolean>(
  typeof navigator === 'undefined' ? true : navigator.onLine,
);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    online$.next(true);
  });
  window.addEventListener('offline', () => {
    online$.next(false);
  });
}
