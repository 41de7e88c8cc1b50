import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, createDataDir, startAppProcess } from './support/app-process.js';
import { type McpSession, startMcpSession, toolError } from './support/mcp-session.js';
import { type MockProject, seedMockProject, USER_EXAMPLE } from './support/mock-project.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');

const dataDir = createDataDir();
let project: MockProject;
let app: AppProcess;
let mcp: McpSession;

beforeAll(async () => {
  project = seedMockProject(dataDir);
  app = await startAppProcess({ dataDir });
  mcp = await startMcpSession({ command: process.execPath, args: [MCP_BIN], env: { CLIENT_DATA_DIR: dataDir } });
});
afterAll(async () => {
  await mcp?.close();
  await cleanupAppProcesses();
});

interface MockShape {
  id: string;
  url: string;
  port: number;
  startedBy: string;
}

describe("agents' mocks through client-mcp and the real app", () => {
  it('starts a mock without asking anyone, answers on its URL, lists it as an agent’s, and stops it', async () => {
    const started = await mcp.call('start_mock', { projectId: project.projectId });
    expect(started.isError).toBeFalsy();
    const mock = started.structuredContent as unknown as MockShape;
    expect(mock).toMatchObject({
      projectId: project.projectId,
      projectName: 'Shop',
      folderId: null,
      url: `http://127.0.0.1:${mock.port}`,
      startedBy: 'agent',
      validate: true,
    });
    expect(mock.port).toBeGreaterThanOrEqual(4010);
    expect(mock.port).toBeLessThanOrEqual(4109);

    const answer = await fetch(`${mock.url}/users/1`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(USER_EXAMPLE);
    const steered = await fetch(`${mock.url}/users/1`, { headers: { Prefer: 'code=404' } });
    expect(steered.status).toBe(404);

    const listed = await mcp.call('list_mocks');
    expect(listed.structuredContent).toEqual({ mocks: [expect.objectContaining({ id: mock.id, startedBy: 'agent' })] });
    // The same list over the control plane's own route.
    expect((await app.request('GET', '/agent/mocks')).json).toEqual([expect.objectContaining({ id: mock.id })]);

    const stopped = await mcp.call('stop_mock', { id: mock.id });
    expect(stopped.structuredContent).toMatchObject({ id: mock.id, url: mock.url });
    await expect(fetch(`${mock.url}/users/1`)).rejects.toThrow();
    expect((await mcp.call('list_mocks')).structuredContent).toEqual({ mocks: [] });
  });

  it('mocks one folder when asked, each mock on a port of its own', async () => {
    const whole = (await mcp.call('start_mock', { projectId: project.projectId }))
      .structuredContent as unknown as MockShape;
    const admin = (await mcp.call('start_mock', { projectId: project.projectId, folderId: project.adminFolderId }))
      .structuredContent as unknown as MockShape;
    try {
      expect(admin.port).not.toBe(whole.port);
      expect((await fetch(`${admin.url}/admin/stats`)).status).toBe(200);
      expect((await fetch(`${admin.url}/users/1`)).status).toBe(404);
      expect((await fetch(`${whole.url}/users/1`)).status).toBe(200);
    } finally {
      await mcp.call('stop_mock', { id: whole.id });
      await mcp.call('stop_mock', { id: admin.id });
    }
  });

  it('answers an unknown project, folder or mock, and arguments that do not fit, with tool errors', async () => {
    expect(toolError(await mcp.call('start_mock', { projectId: 'nope' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(toolError(await mcp.call('start_mock', { projectId: project.projectId, folderId: 'nope' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(toolError(await mcp.call('stop_mock', { id: 'nope' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(toolError(await mcp.call('start_mock', {}))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('projectId'),
    });
    expect((await mcp.call('list_mocks')).structuredContent).toEqual({ mocks: [] });
  });

  it('stops the mocks with the app', async () => {
    const mock = (await mcp.call('start_mock', { projectId: project.projectId }))
      .structuredContent as unknown as MockShape;
    expect((await fetch(`${mock.url}/users/1`)).status).toBe(200);
    expect(await app.stop()).toEqual({ code: 0, signal: null });
    await expect(fetch(`${mock.url}/users/1`)).rejects.toThrow();
  });
});
