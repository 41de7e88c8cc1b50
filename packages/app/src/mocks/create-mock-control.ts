import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { AppError, type ExampleDelay, MAX_EXAMPLE_DELAY_MS, type MockInfo, type MockStartOptions } from '@client/core';
import type { Store } from '@client/store';
import type { MockControl, MockEvent } from './mock-control.js';
import { listenForMock, MOCK_PORTS, type MockPortRange } from './mock-listen.js';
import { MockLog } from './mock-log.js';
import { MockRoutes } from './mock-routes.js';
import { createMockServer } from './mock-server.js';

export interface MockControlOptions {
  store: Pick<Store, 'ownChanges' | 'dataVersion' | 'read' | 'endpoints' | 'folders' | 'variables' | 'projects'>;
  /** The ports taken when none is asked for; 4010–4109 unless given (tests use a range of their own). */
  ports?: MockPortRange;
  /** Receives a line when a listener of the mocks' events fails; silent unless given. */
  log?: (line: string) => void;
}

interface RunningMock {
  info: MockInfo;
  server: Server;
  log: MockLog;
}

function checkDelay(delay: ExampleDelay | undefined): ExampleDelay | undefined {
  if (delay === undefined) return undefined;
  const { minMs, maxMs } = delay;
  const whole = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_EXAMPLE_DELAY_MS;
  if (!whole(minMs) || !whole(maxMs) || maxMs < minMs) {
    throw new AppError(
      'VALIDATION',
      `delay must be {minMs, maxMs}: whole milliseconds from 0 to ${MAX_EXAMPLE_DELAY_MS}, minMs not above maxMs`,
    );
  }
  return { minMs, maxMs };
}

function checkOrigins(origins: MockStartOptions['corsOrigins']): '*' | string[] {
  if (origins === undefined || origins === '*') return '*';
  if (!Array.isArray(origins) || origins.some((origin) => typeof origin !== 'string' || origin === '')) {
    throw new AppError('VALIDATION', 'corsOrigins must be "*" or a list of origins like "http://localhost:5173"');
  }
  return [...origins];
}

function notRunning(id: string): AppError {
  return new AppError('NOT_FOUND', `no mock ${id} is running; list the running ones with list_mocks or the Mock view`);
}

/** The app's mocks (see `MockControl`): each a loopback server of its own over the same store. */
export function createMockControl(options: MockControlOptions): MockControl {
  const { store } = options;
  const range = options.ports ?? MOCK_PORTS;
  const mocks = new Map<string, RunningMock>();
  const listeners = new Set<(event: MockEvent) => void>();

  function emit(event: MockEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        options.log?.(`a listener of ${event.type} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async function start(request: MockStartOptions): Promise<MockInfo> {
    const project = store.projects.get(request.projectId);
    if (project === undefined) {
      throw new AppError('NOT_FOUND', `no project ${request.projectId}; list projects to find its id`);
    }
    const folderId = request.folderId ?? null;
    if (folderId !== null && store.folders.get(folderId)?.projectId !== project.id) {
      throw new AppError(
        'NOT_FOUND',
        `no folder ${folderId} in project "${project.name}"; list its folders to find one`,
      );
    }
    const delay = checkDelay(request.delay);
    const corsOrigins = checkOrigins(request.corsOrigins);
    const id = randomUUID();
    const log = new MockLog();
    let info: MockInfo | null = null;
    const server = createMockServer({
      info: () => {
        if (info === null) throw new AppError('INTERNAL', 'the mock answered before it was listed');
        return info;
      },
      routes: new MockRoutes(store, project.id, folderId),
      onRequest: (entry) => {
        log.add(entry);
        emit({ type: 'mock-request', entry });
      },
    });
    const port = await listenForMock(server, request.port, range);
    info = {
      id,
      projectId: project.id,
      projectName: project.name,
      folderId,
      port,
      url: `http://127.0.0.1:${port}`,
      validate: request.validate ?? true,
      ...(delay === undefined ? {} : { delay }),
      corsOrigins,
      startedBy: request.startedBy,
      startedAt: new Date().toISOString(),
    };
    mocks.set(id, { info, server, log });
    emit({ type: 'mock-started', mock: info });
    return info;
  }

  async function stop(id: string): Promise<MockInfo> {
    const mock = mocks.get(id);
    if (mock === undefined) throw notRunning(id);
    mocks.delete(id);
    const closed = new Promise<void>((resolve) => mock.server.close(() => resolve()));
    // Keep-alive connections of browsers would hold the port for seconds; a stopped mock answers nothing more.
    mock.server.closeAllConnections();
    await closed;
    emit({ type: 'mock-stopped', mock: mock.info });
    return mock.info;
  }

  return {
    start,
    stop,
    list: () => [...mocks.values()].map((mock) => mock.info),
    log(id) {
      const mock = mocks.get(id);
      if (mock === undefined) throw notRunning(id);
      return mock.log.entries();
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async stopAll() {
      await Promise.all([...mocks.keys()].map((id) => stop(id)));
    },
  };
}
