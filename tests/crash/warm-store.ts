/**
 * The store's own process (`runServer` of server/src/server.ts), started in two steps so a
 * crash test pays only for the restart itself: the process loads every module at once and
 * says `warm` on stdout, then opens the database and serves when its stdin gets a line.
 * Everything after that line is exactly what `npm start` runs. When the test's process goes
 * away (its end of stdin closes), this one goes too, killed as the test would kill it.
 */
import { runServer } from '../../server/src/server';

let started = false;
process.stdin.on('data', () => {
  if (started) return;
  started = true;
  void runServer();
});
process.stdin.on('end', () => {
  process.kill(process.pid, 'SIGKILL');
});
process.stdout.write('warm\n');
