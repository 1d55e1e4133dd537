/**
 * Loaded into the fuzzed store's process (NODE_OPTIONS=--import): every Fastify instance made
 * there gets an onRoute hook that writes each route it registers, one JSON line each, to the
 * file FUZZ_ROUTES_FILE names. The fuzzer reads the running app's routes from it.
 */
import { appendFileSync } from 'node:fs';
import { subscribe } from 'node:diagnostics_channel';
import process from 'node:process';

const file = process.env.FUZZ_ROUTES_FILE;

if (file) {
  subscribe('fastify.initialization', (message) => {
    const { fastify } = message;
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      appendFileSync(file, `${JSON.stringify({ methods, path: route.url })}\n`);
    });
  });
}
