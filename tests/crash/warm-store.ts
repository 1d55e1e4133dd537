/**
 * The store's own process (`runServer` of server/src/server.ts), started in two steps so a
 * crash test pays only for the restart itself: the process loads every module at once and
 * says `warm` on stdout, then opens the database and serves when its stdin gets a line.
 * Everything after that line is exactly what `npm start` runs.
 */
import { createInterface } from 'node:readline';
import { runServer } from '../../server/src/server';

process.stdout.write('warm\n');
const lines = createInterface({ input: process.stdin });
lines.once('line', () => {
  lines.close();
  void runServer();
});
