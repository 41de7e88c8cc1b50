import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { environmentWithDotenv, loadConfig } from './load-config.js';

/**
 * The loader runs on a configuration of the test's own, so these tests hold whatever the project's
 * application.yaml says (another database, another port); only the first two read the project's files.
 */
const directory = mkdtempSync(join(tmpdir(), 'config-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const configDir = pathToFileURL(`${directory}/`);

writeFileSync(
  join(directory, 'application.yaml'),
  `app: { name: shop, basePackage: com.acme.shop }
server:
  host: 0.0.0.0
  port: 8080
  maxBodyBytes: 1048576
  keepAliveTimeout: 72000
  trustProxy: false
  shutdown: { drainDelay: 5000, timeout: 30000 }
  securityHeaders: { enabled: true }
  cors: { enabled: false, origins: [], credentials: false }
  rateLimit: { enabled: false, max: 100, timeWindow: 60000 }
  accessLog: { enabled: false }
datasource: { driver: better-sqlite3, url: ":memory:", username: "", password: "", maximumPoolSize: 10 }
migrations: { runAtStartup: true }
openapi: { enabled: true, docs: { enabled: false } }
management:
  metrics: { prometheus: { enabled: false } }
  tracing: { sampling: { probability: 1.0 } }
  otlp: { tracing: { endpoint: "" } }
logging:
  level: info
  file: { enabled: false, path: ./logs/shop.log, maxSize: 10m, maxHistory: 14 }
readWriteSplitting: { replicas: [] }
`,
);
writeFileSync(join(directory, 'application-prod.yaml'), 'logging: { file: { enabled: true } }\n');

const load = (env: NodeJS.ProcessEnv, profile?: string) => loadConfig({ env, profile, configDir });

describe('loadConfig', () => {
  it("reads the project's application.yaml, and application-prod.yaml on top with PROFILE=prod", async () => {
    const config = await loadConfig({ env: {} });
    expect(config.app.name).toBe('__artifactId__');
    const prod = await loadConfig({ env: { PROFILE: 'prod' } });
    expect(prod.logging.file).toMatchObject({ enabled: true, path: './logs/__artifactId__.log' });
  });

  it('lets an APP_ variable set any key, levels joined by __, words by _', async () => {
    const config = await load({
      APP_SERVER__PORT: '9090',
      APP_SERVER__MAX_BODY_BYTES: '2048',
      APP_SERVER__ACCESS_LOG__ENABLED: 'true',
      APP_DATASOURCE__DRIVER: 'pg',
      APP_DATASOURCE__PASSWORD: '1234',
      APP_MANAGEMENT__TRACING__SAMPLING__PROBABILITY: '0.25',
      APP_LOGGING__FILE__MAX_HISTORY: '3',
      APP_READ_WRITE_SPLITTING__REPLICAS: '[{url: "postgres://replica:5432/app"}]',
    });
    expect(config.server).toMatchObject({ port: 9090, maxBodyBytes: 2048, accessLog: { enabled: true } });
    expect(config.datasource).toMatchObject({ driver: 'pg', password: '1234' });
    expect(config.management.tracing.sampling.probability).toBe(0.25);
    expect(config.logging.file.maxHistory).toBe(3);
    expect(config.readWriteSplitting).toEqual({ replicas: [{ url: 'postgres://replica:5432/app' }] });
  });

  it('keeps the short names PORT and DATASOURCE_*, which the APP_ names override', async () => {
    const config = await load({ PORT: '9090', DATASOURCE_URL: 'postgres://db:5432/app', APP_SERVER__PORT: '9191' });
    expect(config.server.port).toBe(9191);
    expect(config.datasource.url).toBe('postgres://db:5432/app');
  });

  it('reads the profile files on top of application.yaml', async () => {
    expect((await load({}, 'prod')).logging.file.enabled).toBe(true);
    expect((await load({ PROFILE: 'prod' })).logging.file.enabled).toBe(true);
  });

  it('names the missing file of an unknown profile', async () => {
    await expect(load({ PROFILE: 'staging' })).rejects.toThrow('application-staging.yaml does not exist');
  });

  it('refuses an invalid value and says where it is', async () => {
    await expect(load({ PORT: 'eighty' })).rejects.toThrow(/server\.port/);
    await expect(load({ APP_SERVER__ACCESS_LOG__ENABLED: 'maybe' })).rejects.toThrow(/server\.accessLog\.enabled/);
  });
});

describe('environmentWithDotenv', () => {
  it('adds the variables of a .env file, and the environment wins over the file', async () => {
    const file = join(directory, '.env');
    writeFileSync(file, '# development\nAPP_SERVER__PORT=7070\nAPP_LOGGING__LEVEL="debug"\n');
    const env = await environmentWithDotenv(pathToFileURL(file), { APP_LOGGING__LEVEL: 'warn' });
    expect(env).toMatchObject({ APP_SERVER__PORT: '7070', APP_LOGGING__LEVEL: 'warn' });
    expect((await load(env)).server.port).toBe(7070);
    expect(await environmentWithDotenv(pathToFileURL(join(directory, 'none.env')), { A: '1' })).toEqual({ A: '1' });
  });
});
