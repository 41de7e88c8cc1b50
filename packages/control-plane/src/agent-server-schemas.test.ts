import { describe, expect, it } from 'vitest';
import type { AgentHandlers } from './agent-handlers.js';
import { createAgentListener } from './agent-listener.js';
import { buildAgentServer } from './agent-server.js';
import { DEFAULT_LIMITS } from './limits.js';

const unused = (): never => {
  throw new Error('not called');
};

function server() {
  const { app } = buildAgentServer({
    server: createAgentListener(DEFAULT_LIMITS, () => {}),
    policy: { port: () => 4110, matchesToken: () => true, tokenPath: '/tmp/agent-token', flavor: 'dev' },
    handlers: { listProjects: () => [] } as unknown as AgentHandlers,
    importer: { importBody: unused },
    proveHello: unused,
    version: '0.0.0',
    limits: DEFAULT_LIMITS,
    log: () => {},
  });
  return app;
}

describe('the control plane without JSON schemas', () => {
  it('builds and readies its routes without a schema compiler', async () => {
    const app = server();
    await app.ready();
    await app.close();
  });

  it('refuses a route given a schema at ready(), so one cannot slip in unchecked', async () => {
    const app = server();
    app.get('/agent/extra', { schema: { querystring: { type: 'object' } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/take no JSON schemas/);
    await app.close();
  });
});
