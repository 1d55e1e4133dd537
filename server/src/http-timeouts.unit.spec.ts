/** REQUEST_TIMEOUT_SECONDS and the timeouts it gives the HTTP server (decision 045). */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_REQUEST_TIMEOUT_MS, httpTimeouts } from './http-timeouts';

describe('the request timeout', () => {
  it('is 30 s unless REQUEST_TIMEOUT_SECONDS says otherwise, from 1 s to an hour', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '90' }).requestTimeoutMs).toBe(90_000);
    for (const wrong of ['0', '-5', 'soon', '3601']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: wrong }), wrong).toThrow(ConfigError);
    }
  });

  it('bounds the headers by 10 s or less, and is checked within a quarter of that', () => {
    expect(httpTimeouts()).toEqual({
      requestTimeout: 30_000,
      connectionTimeout: 60_000,
      keepAliveTimeout: 72_000,
      http: { headersTimeout: 10_000, connectionsCheckingInterval: 2_500 },
    });
    const quick = httpTimeouts(1_000);
    expect(quick.http).toEqual({ headersTimeout: 1_000, connectionsCheckingInterval: 250 });
    // A long request time keeps the connection open while the body keeps coming.
    expect(httpTimeouts(120_000).connectionTimeout).toBe(120_000);
  });
});
