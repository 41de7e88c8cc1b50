import { afterAll, beforeAll } from 'vitest';
import { RunVariables } from './run-variables.js';
import { type ScriptInput, ScriptSession, type ScriptSessionOptions } from './script-session.js';
import type { ScriptRequest, ScriptResponse, ScriptResult } from './script-types.js';

export function request(overrides: Partial<ScriptRequest> = {}): ScriptRequest {
  return {
    id: 'req-1',
    name: 'Get user',
    method: 'GET',
    url: 'https://api.example.test/users/1?expand=true',
    headers: [{ key: 'Accept', value: 'application/json' }],
    body: { mode: 'none' },
    ...overrides,
  };
}

export function response(overrides: Partial<ScriptResponse> = {}): ScriptResponse {
  const body = overrides.body ?? '{"id":1,"name":"Ada","tags":["a","b"],"nested":{"deep":[{"x":1}]}}';
  return {
    code: 200,
    status: 'OK',
    headers: [
      { key: 'Content-Type', value: 'application/json; charset=utf-8' },
      { key: 'X-Request-Id', value: 'abc' },
    ],
    body,
    responseTime: 12,
    size: Buffer.byteLength(body),
    ...overrides,
  };
}

/** One session for a test file, as a run has one; `run` fills in what a test does not name. */
export function sharedSession(options: ScriptSessionOptions = {}) {
  let session: ScriptSession | undefined;
  beforeAll(async () => {
    session = await ScriptSession.create(options);
  }, 30_000);
  afterAll(() => session?.dispose());
  return {
    get session(): ScriptSession {
      if (session === undefined) throw new Error('the session is made in beforeAll');
      return session;
    },
    run(source: string, input: Partial<ScriptInput> = {}): Promise<ScriptResult> {
      if (session === undefined) throw new Error('the session is made in beforeAll');
      return session.run({
        event: 'test',
        source,
        request: request(),
        response: input.event === 'prerequest' ? undefined : response(),
        variables: new RunVariables(),
        ...input,
      });
    },
  };
}
