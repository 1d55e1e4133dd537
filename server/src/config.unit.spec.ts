import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ROOT_DIR } from './config';

describe('loadConfig', () => {
  it('runs on port 8080 with the embedded database in ./data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.staticDir).toBe(path.join(ROOT_DIR, 'dist'));
  });

  it('takes PORT, DATA_DIR and DATABASE_URL from the environment', () => {
    const config = loadConfig({
      PORT: '9123',
      DATA_DIR: '/var/lib/store',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATABASE_SCHEMA: 'store',
    });
    expect(config.port).toBe(9123);
    expect(config.dataDir).toBe('/var/lib/store');
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(config.databaseSchema).toBe('store');
  });

  it('treats an empty DATABASE_URL as not set', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('rejects a DATABASE_URL that is not a PostgreSQL address', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/test' })).toThrow(
      'DATABASE_URL must start with postgres:// or postgresql://',
    );
  });

  it('rejects a schema name that is not a plain identifier', () => {
    expect(() => loadConfig({ DATABASE_SCHEMA: 'a"; drop table x' })).toThrow(/DATABASE_SCHEMA/);
  });
});
