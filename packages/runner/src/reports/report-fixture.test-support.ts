import { emptyRunStats, type RunExecution, type RunResult } from '@client/core';
import type { ReportSource } from './report-source.js';

const created: RunExecution = {
  iteration: 0,
  item: { id: 'e1', name: 'Create <order> & "pay"', path: ['Orders', 'Writes'] },
  request: { method: 'POST', url: 'http://127.0.0.1:4010/orders?token=••••' },
  response: { code: 201, status: 'Created', responseTime: 120, size: 40 },
  assertions: [
    { assertion: 'status eq 201' },
    { assertion: 'jsonpath $.id exists', error: { name: 'AssertionError', message: 'nothing found for $.id ]]> <b>' } },
    { assertion: 'later', skipped: true },
  ],
};

const createdAgain: RunExecution = {
  ...created,
  iteration: 1,
  response: { code: 201, status: 'Created', responseTime: 80, size: 40 },
  assertions: [
    { assertion: 'status eq 201' },
    { assertion: 'jsonpath $.id exists', error: { name: 'AssertionError', message: 'second \u0001failure' } },
    { assertion: 'later', skipped: true },
  ],
};

const ping: RunExecution = {
  iteration: 0,
  item: { id: 'e2', name: 'Ping', path: [] },
  request: { method: 'GET', url: 'http://127.0.0.1:9/ping' },
  assertions: [],
  error: { message: 'connect ECONNREFUSED 127.0.0.1:9' },
  scriptErrors: [{ phase: 'prerequest', level: 'folder', message: 'ReferenceError: x is not defined' }],
};

const pingAgain: RunExecution = { ...ping, iteration: 1, scriptErrors: [] };

/** A run of two iterations: a request with a failing check each time, one that never got an answer. */
export function reportSource(): ReportSource {
  const stats = emptyRunStats();
  stats.iterations = { total: 2, failed: 0 };
  stats.requests = { total: 4, failed: 2 };
  stats.assertions = { total: 6, failed: 2 };
  stats.prerequestScripts = { total: 2, failed: 1 };
  stats.testScripts = { total: 2, failed: 0 };
  const result: RunResult = {
    stats,
    timings: {
      started: Date.UTC(2026, 0, 2, 3, 4, 5),
      completed: Date.UTC(2026, 0, 2, 3, 4, 7),
      responseAverage: 100,
      responseMin: 80,
      responseMax: 120,
      responseSd: 20,
    },
    executions: [created, ping, createdAgain, pingAgain],
  };
  return structuredClone({
    collection: { id: 'p1', name: 'Shop & co' },
    environment: { id: 'env1', name: 'Local' },
    result,
  });
}
