import type { RunExecution, RunStats, RunSummary } from '@client/core';
import { describe, expect, it } from 'vitest';
import { applyRunEvent, executionChecks, failedItemIds, liveRunFromStored, liveRunOf, progressOf } from './live-run.js';

const summary: RunSummary = {
  id: 'r1',
  projectId: 'p1',
  folderId: null,
  environmentId: null,
  name: 'Shop',
  source: 'person',
  status: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  iterations: 2,
  requests: { total: 0, failed: 0 },
  assertions: { total: 0, failed: 0 },
};

const item = (id: string) => ({ id, name: id, path: [] });

function execution(id: string, iteration: number, failed = false): RunExecution {
  return {
    iteration,
    item: item(id),
    request: { method: 'GET', url: `http://127.0.0.1/${id}` },
    response: { code: 200, status: 'OK', responseTime: 3, size: 2 },
    assertions: [
      { assertion: 'status eq 200' },
      ...(failed ? [{ assertion: 'has id', error: { name: 'AssertionError', message: 'no id' } }] : []),
    ],
  };
}

const stats = (total: number): RunStats => ({
  iterations: { total: 2, failed: 0 },
  requests: { total, failed: 0 },
  assertions: { total, failed: 0 },
  testScripts: { total: 0, failed: 0 },
  prerequestScripts: { total: 0, failed: 0 },
});

describe('a run followed through its events', () => {
  it('learns its requests, shows the one being sent, adds each execution and ends with the summary', () => {
    let run = liveRunOf(summary);
    run = applyRunEvent(run, { type: 'started', summary, items: [item('a'), item('b')] });
    expect(progressOf(run)).toBe(0);
    run = applyRunEvent(run, { type: 'sending', runId: 'r1', iteration: 0, item: item('a') });
    expect(run.sending?.item.id).toBe('a');
    run = applyRunEvent(run, { type: 'executed', runId: 'r1', execution: execution('a', 0), stats: stats(1) });
    expect(run.sending).toBeNull();
    expect(progressOf(run)).toBe(0.25);
    run = applyRunEvent(run, { type: 'executed', runId: 'r1', execution: execution('b', 0, true), stats: stats(2) });
    run = applyRunEvent(run, { type: 'finished', summary: { ...summary, status: 'failed' } });
    expect(run.summary.status).toBe('failed');
    expect(run.executions.map((one) => one.item.id)).toEqual(['a', 'b']);
  });

  it('ignores other runs’ events, and does not count twice an execution it already read', () => {
    const stored = liveRunFromStored({
      summary,
      result: {
        stats: stats(1),
        timings: { started: 0, completed: 0, responseAverage: 0, responseMin: 0, responseMax: 0, responseSd: 0 },
        executions: [execution('a', 0)],
      },
      resultCut: false,
    });
    const again = applyRunEvent(stored, {
      type: 'executed',
      runId: 'r1',
      execution: execution('a', 0),
      stats: stats(1),
    });
    expect(again.executions).toHaveLength(1);
    const other = applyRunEvent(stored, {
      type: 'executed',
      runId: 'r2',
      execution: execution('z', 0),
      stats: stats(2),
    });
    expect(other).toBe(stored);
  });
});

describe('what failed', () => {
  it('names each request that failed once, in the order it first failed', () => {
    const { response: _none, ...unanswered } = execution('c', 0);
    const noAnswer: RunExecution = { ...unanswered, error: { message: 'refused' } };
    const ids = failedItemIds([execution('b', 0, true), execution('a', 0), noAnswer, execution('b', 1, true)]);
    expect(ids).toEqual(['b', 'c']);
  });

  it('counts an execution’s checks without the skipped ones', () => {
    const skipped = { ...execution('a', 0, true) };
    skipped.assertions = [...skipped.assertions, { assertion: 'later', skipped: true }];
    expect(executionChecks(skipped)).toEqual({ passed: 1, checked: 2 });
  });
});
