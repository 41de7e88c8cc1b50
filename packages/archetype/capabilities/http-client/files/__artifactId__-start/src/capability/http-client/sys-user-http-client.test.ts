import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApplication, type TestApplication } from '../../test-application.test-support.js';
import { createHttpClients } from './http-clients.js';
import { RemoteCallError } from './remote-call-error.js';
import { createSysUserHttpClient, type SysUserHttpClient } from './sys-user-http-client.js';

let service: TestApplication;
let users: SysUserHttpClient;

beforeAll(async () => {
  // The access log makes the called service write a line for every request it serves.
  service = await startTestApplication({ server: { accessLog: { enabled: true } } });
  const { config, logger, url } = service.application;
  const httpClient = { ...(config.httpClient as object), clients: { sysUser: { baseUrl: url, timeoutMs: 2000 } } };
  users = createSysUserHttpClient(createHttpClients({ ...config, httpClient }, logger));
});
afterAll(() => service.application.close());

async function failure(call: Promise<unknown>): Promise<RemoteCallError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof RemoteCallError)) throw new Error(`expected a RemoteCallError, got ${String(error)}`);
  return error;
}

describe('the sys-user client against the running service', () => {
  it('unwraps every answer of the CRUD flow into typed data', async () => {
    // What the service asks of a client (with auth, a bearer token), as a call's own headers.
    const asClient = { headers: service.clientHeaders };
    const id = await users.create({ body: { name: 'carol', age: 41 } }, asClient);
    expect(await users.get({ params: { id } })).toEqual({ id, name: 'carol', age: 41 });
    expect(await users.update({ params: { id }, body: { name: 'carol', age: 42 } }, asClient)).toBeNull();
    const page = await users.page({ query: { page: { pageSize: 1, sorts: [{ column: 'age', direction: 'DESC' }] } } });
    expect(page).toEqual({ list: [{ id, name: 'carol', age: 42 }], totalCount: 3, pageSize: 1, pageIndex: 1 });
    expect(await users.delete({ params: { id } }, asClient)).toBeNull();
  });

  it("turns the service's error answers into business errors with its code and msg", async () => {
    expect(await failure(users.get({ params: { id: 999 } }))).toMatchObject({
      kind: 'business',
      operation: 'sysUser.get',
      code: 404,
      msg: 'user 999 does not exist',
    });
    expect(
      await failure(users.create({ body: { name: 'eve', age: 151 } }, { headers: service.clientHeaders })),
    ).toMatchObject({
      kind: 'business',
      code: 400,
      msg: 'age: Too big: expected number to be <=150',
    });
  });

  it('is logged under the HttpClient logger, and the called service logs the same trace id', async () => {
    const { traceId } = await trace.getTracer('test').startActiveSpan('caller', async (span) => {
      await users.get({ params: { id: 1 } });
      span.end();
      return span.spanContext();
    });
    const lines = service.logLines().filter((line) => String(line.trace).startsWith(`${traceId}-`));
    const call = lines.find((line) => line.operation === 'sysUser.get');
    expect(call).toMatchObject({
      logger: '__package__.HttpClient',
      level: 30,
      method: 'GET',
      status: 200,
    });
    const served = lines.find((line) => line.msg === 'request completed');
    expect(served).toMatchObject({ res: { statusCode: 200 } });
    // The served request's span is a child of the client's span, so only the span ids differ.
    expect(served?.trace).not.toBe(call?.trace);
  });
});
