import pino from 'pino';
import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/load-config.js';
import { startTestApplication } from '../../test-application.test-support.js';
import { readHttpClientConfig } from './http-client-config.js';
import { createHttpClients } from './http-clients.js';
import { defineOperations } from './operation-definition.js';

const config = (httpClient: unknown) => loadConfig({ profile: '', env: {}, overrides: { httpClient } });
const silent = pino({ enabled: false });

describe('the httpClient section', () => {
  it('gives a client without timeoutMs the default of 5000 ms', async () => {
    const section = readHttpClientConfig(
      await config({ clients: { billing: { baseUrl: 'https://billing.test/v1' } } }),
    );
    expect(section.clients.billing).toEqual({ baseUrl: 'https://billing.test/v1', timeoutMs: 5000 });
    expect(section.clients.sysUser).toEqual({ baseUrl: 'http://localhost:8080', timeoutMs: 5000 });
    expect(section.slowCallThresholdMs).toBe(1000);
  });

  it('names every wrong key', async () => {
    const wrong = await config({ slowCallThresholdMs: -1, clients: { billing: { baseUrl: 'ftp://billing.test' } } });
    expect(() => readHttpClientConfig(wrong)).toThrow(
      'invalid httpClient section in application.yaml: httpClient.slowCallThresholdMs: Too small: expected number to be >=0; httpClient.clients.billing.baseUrl: must be an http:// or https:// URL',
    );
    const withQuery = await config({ clients: { billing: { baseUrl: 'http://billing.test/?key=1' } } });
    expect(() => readHttpClientConfig(withQuery)).toThrow(
      'httpClient.clients.billing.baseUrl: must not hold a query or fragment',
    );
  });

  it('refuses a client that is not configured, naming those that are', async () => {
    const clients = createHttpClients(await config({}), silent);
    expect(() => clients.create('billing', defineOperations({}))).toThrow(
      'no client "billing" under httpClient.clients in application.yaml (configured: sysUser)',
    );
  });

  it('refuses an operation whose path template is malformed when the client is made', async () => {
    const clients = createHttpClients(await config({}), silent);
    const operations = defineOperations({ file: { method: 'GET', path: '/files/:name.json' } });
    expect(() => clients.create('sysUser', operations)).toThrow(
      'operation sysUser.file: path "/files/:name.json": ":name.json" must be a whole segment ":name"',
    );
  });
});

describe('the capability at start', () => {
  it('logs the configured clients', async () => {
    const { application, logLines } = await startTestApplication();
    await application.close();
    expect(logLines()).toContainEqual(
      expect.objectContaining({
        logger: '__package__.HttpClient',
        msg: 'http clients: sysUser → http://localhost:8080; calls over 1000 ms are logged as slow',
      }),
    );
  });

  it('stops the start of the service when the section is wrong', async () => {
    await expect(
      startTestApplication({ httpClient: { clients: { sysUser: { baseUrl: 'localhost:8080' } } } }),
    ).rejects.toThrow('httpClient.clients.sysUser.baseUrl: must be an http:// or https:// URL');
  });
});
