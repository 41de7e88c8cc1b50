import { AppError, type MockInfo, type MockStartOptions } from '@client/core';
import { describe, expect, it } from 'vitest';
import type { MockControl } from './mock-control.js';
import { mocksForAgents } from './mocks-for-agents.js';

function mockInfo(id: string, startedBy: MockInfo['startedBy']): MockInfo {
  return {
    id,
    projectId: 'p1',
    projectName: 'Shop',
    folderId: null,
    port: 4010,
    url: 'http://127.0.0.1:4010',
    validate: true,
    corsOrigins: '*',
    startedBy,
    startedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A control that records what it was asked, with one mock of the person's and one of an agent's running. */
function recordingControl(): MockControl & { starts: MockStartOptions[]; stops: string[] } {
  const running = [mockInfo('m-person', 'person'), mockInfo('m-agent', 'agent')];
  const starts: MockStartOptions[] = [];
  const stops: string[] = [];
  return {
    starts,
    stops,
    async start(options) {
      starts.push(options);
      return mockInfo('m-new', options.startedBy);
    },
    async stop(id) {
      stops.push(id);
      const found = running.find((mock) => mock.id === id);
      if (found === undefined) throw new AppError('NOT_FOUND', `no mock ${id}`);
      return found;
    },
    list: () => running,
    log: () => [],
    onEvent: () => () => {},
    stopAll: async () => {},
  };
}

describe('mocksForAgents', () => {
  it("starts a mock as an agent's, with the defaults a person's start has", async () => {
    const control = recordingControl();
    const started = await mocksForAgents(control).startMock({ projectId: 'p1', folderId: 'f1' });
    expect(started.startedBy).toBe('agent');
    expect(control.starts).toEqual([{ projectId: 'p1', folderId: 'f1', startedBy: 'agent' }]);
  });

  it("lists every running mock and stops an agent's", async () => {
    const control = recordingControl();
    const agents = mocksForAgents(control);
    expect(agents.listMocks().map((mock) => mock.id)).toEqual(['m-person', 'm-agent']);
    expect((await agents.stopMock('m-agent')).id).toBe('m-agent');
    expect(control.stops).toEqual(['m-agent']);
  });

  it("refuses to stop the person's mock with FORBIDDEN, and passes NOT_FOUND on for an unknown one", async () => {
    const control = recordingControl();
    const agents = mocksForAgents(control);
    await expect(agents.stopMock('m-person')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('started by the person'),
    });
    await expect(agents.stopMock('m-nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(control.stops).toEqual(['m-nope']);
  });
});
