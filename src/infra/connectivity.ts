/** Whether the browser believes it is online; the shell tells the user when it is not. */
import { ValueSubject } from './value-subject';
import { withServerValue } from './use-observable';

export const online$ = withServerValue(
  new ValueSubject<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine),
  true,
);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    online$.next(true);
  });
  window.addEventListener('offline', () => {
    online$.next(false);
  });
}
