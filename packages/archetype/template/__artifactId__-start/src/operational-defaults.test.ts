import { describe, expect, it } from 'vitest';

import { startTestApplication, withoutTraceId } from './test-application.test-support.js';

/** The operational settings of `server` and `management`, each on a service of its own. */
describe('graceful shutdown', () => {
  it('turns readiness DOWN at once and keeps serving for server.shutdown.drainDelay, then stops', async () => {
    const { application } = await startTestApplication({ server: { shutdown: { drainDelay: 500 } } });
    const closed = application.close();
    const readiness = await fetch(`${application.url}/actuator/health/readiness`);
    expect(readiness.status).toBe(503);
    expect((await fetch(`${application.url}/sys-users/1`)).status).toBe(200);
    await closed;
    await expect(fetch(`${application.url}/sys-users/1`)).rejects.toThrow();
  });
});

describe('server.rateLimit', () => {
  it('answers 429 in the unified shape past the limit, per client address, and never limits the actuator', async () => {
    const { application } = await startTestApplication({
      server: { trustProxy: true, rateLimit: { enabled: true, max: 2, timeWindow: 60_000 } },
    });
    try {
      const from = (address: string) =>
        fetch(`${application.url}/sys-users/1`, { headers: { 'x-forwarded-for': address } });
      expect((await from('203.0.113.1')).status).toBe(200);
      expect((await from('203.0.113.1')).status).toBe(200);
      const refused = await from('203.0.113.1');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(withoutTraceId(await refused.json())).toEqual({
        code: 429,
        data: null,
        msg: 'too many requests: at most 2 in 1 minute; try again later',
      });
      // trustProxy: the client is the address the proxy names, so another client is not held back.
      expect((await from('203.0.113.2')).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await fetch(`${application.url}/actuator/health`)).status).toBe(200);
    } finally {
      await application.close();
    }
  });
});

describe('server.securityHeaders', () => {
  it('sends none of the security headers when turned off', async () => {
    const { application } = await startTestApplication({ server: { securityHeaders: { enabled: false } } });
    try {
      const response = await fetch(`${application.url}/sys-users/page`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await application.close();
    }
  });
});

describe('management.tracing.sampling.probability', () => {
  it("leaves new traces unsampled at 0, and follows the caller's decision when it sends one", async () => {
    const { application } = await startTestApplication({ management: { tracing: { sampling: { probability: 0 } } } });
    try {
      const unsampled = await fetch(`${application.url}/sys-users/1`);
      expect(unsampled.headers.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const sampled = await fetch(`${application.url}/sys-users/1`, {
        headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      });
      expect(sampled.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    } finally {
      await application.close();
    }
  });
});

describe('server.trustProxy', () => {
  it('asks the browser to upgrade the requests of Swagger UI reached over HTTPS through the proxy', async () => {
    const { application } = await startTestApplication({ server: { trustProxy: true } });
    try {
      const docs = (proto: string) => fetch(`${application.url}/docs`, { headers: { 'x-forwarded-proto': proto } });
      expect((await docs('https')).headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      expect((await docs('http')).headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    } finally {
      await application.close();
    }
  });
});

describe('server.cors', () => {
  it('lets the listed origins read the answers, and no other', async () => {
    const { application } = await startTestApplication({
      server: { cors: { enabled: true, origins: ['https://app.example.com'] } },
    });
    try {
      const allowed = await fetch(`${application.url}/sys-users/1`, { headers: { origin: 'https://app.example.com' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const other = await fetch(`${application.url}/sys-users/1`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await application.close();
    }
  });

  it("allows in a preflight the methods of the path's routes, PUT and DELETE included", async () => {
    const { application } = await startTestApplication({
      server: { cors: { enabled: true, origins: ['https://app.example.com'] } },
    });
    try {
      const preflight = (path: string, method: string) =>
        fetch(`${application.url}${path}`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example.com', 'access-control-request-method': method },
        });
      const item = await preflight('/sys-users/1', 'DELETE');
      expect(item.status).toBe(204);
      const allowed = (item.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
      expect(allowed).not.toContain('POST');
      const collection = await preflight('/sys-users', 'POST');
      expect(collection.headers.get('access-control-allow-methods')?.split(/,\s*/)).toContain('POST');
    } finally {
      await application.close();
    }
  });
});

describe('management.metrics.prometheus', () => {
  it('serves http.server.request.duration per route at /actuator/prometheus when enabled', async () => {
    const { application } = await startTestApplication({ management: { metrics: { prometheus: { enabled: true } } } });
    try {
      await fetch(`${application.url}/sys-users/1`);
      const scrape = await fetch(`${application.url}/actuator/prometheus`);
      expect(scrape.status).toBe(200);
      // The exporter writes the answer itself, with the headers every answer carries.
      expect(scrape.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(scrape.headers.get('x-content-type-options')).toBe('nosniff');
      const text = await scrape.text();
      expect(text).toMatch(/^http_server_request_duration_count\{.*http_route="\/sys-users\/:id".*\} 1$/m);
    } finally {
      await application.close();
    }
  });

  it('has no /actuator/prometheus by default', async () => {
    const { application } = await startTestApplication();
    try {
      expect((await fetch(`${application.url}/actuator/prometheus`)).status).toBe(404);
    } finally {
      await application.close();
    }
  });
});
