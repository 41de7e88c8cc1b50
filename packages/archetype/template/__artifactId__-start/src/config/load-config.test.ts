import { describe, expect, it } from 'vitest';

import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  it('reads application.yaml: port 8080, in-memory SQLite, console logs, no access log, no OTLP export', async () => {
    const config = await loadConfig({ env: {} });
    expect(config.server.port).toBe(8080);
    expect(config.server.accessLog.enabled).toBe(false);
    expect(config.datasource).toMatchObject({ driver: 'better-sqlite3', url: ':memory:' });
    expect(config.logging.file.enabled).toBe(false);
    expect(config.management.otlp.tracing.endpoint).toBe('');
    expect(config.management.tracing.sampling.probability).toBe(1);
  });

  it('adds rolling log files under ./logs with PROFILE=prod', async () => {
    const config = await loadConfig({ env: { PROFILE: 'prod' } });
    expect(config.logging.file).toMatchObject({ enabled: true, path: './logs/__artifactId__.log' });
    expect(config.server.port).toBe(8080);
  });

  it('lets PORT and the datasource variables override the file', async () => {
    const config = await loadConfig({ env: { PORT: '9090', DATASOURCE_URL: 'postgres://db:5432/app' } });
    expect(config.server.port).toBe(9090);
    expect(config.datasource.url).toBe('postgres://db:5432/app');
  });

  it('names the missing file of an unknown profile', async () => {
    await expect(loadConfig({ env: { PROFILE: 'staging' } })).rejects.toThrow(
      'application-staging.yaml does not exist',
    );
  });

  it('refuses an invalid value and says where it is', async () => {
    await expect(loadConfig({ env: { PORT: 'eighty' } })).rejects.toThrow(/server\.port/);
  });
});
