import { emptyRunStats, type RunExecution, type RunResult, type RunSummary } from '@client/core';
import { describe, expect, it } from 'vitest';
import { useTempStores } from '../store.test-support.js';
import { MAX_RUN_RESULT_CHARS } from './run-repository.js';

const temp = useTempStores();

function summaryOf(id: string, projectId: string | null, startedAt: string): RunSummary {
  return {
    id,
    projectId,
    folderId: null,
    environmentId: null,
    name: 'Shop',
    source: 'person',
    status: 'passed',
    startedAt,
    finishedAt: startedAt,
    iterations: 1,
    requests: { total: 1, failed: 0 },
    assertions: { total: 1, failed: 0 },
  };
}

function execution(index: number, message = ''): RunExecution {
  return {
    iteration: 0,
    item: { id: `e${index}`, name: `Request ${index}`, path: [] },
    request: { method: 'GET', url: `http://127.0.0.1/${index}` },
    response: { code: 200, status: 'OK', responseTime: 3, size: 2 },
    assertions: [
      { assertion: 'status eq 200', ...(message === '' ? {} : { error: { name: 'AssertionError', message } }) },
    ],
  };
}

function resultOf(executions: RunExecution[]): RunResult {
  const stats = emptyRunStats();
  stats.requests.total = executions.length;
  return {
    stats,
    timings: { started: 0, completed: 1, responseAverage: 3, responseMin: 3, responseMax: 3, responseSd: 0 },
    executions,
  };
}

describe('kept runs', () => {
  it('are listed newest first, summaries only, and read back whole', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const older = store.runs.add(summaryOf('r1', projectId, '2026-01-01T00:00:00.000Z'), resultOf([execution(1)]));
    store.runs.add(summaryOf('r2', projectId, '2026-01-02T00:00:00.000Z'), resultOf([execution(2, 'expected 500')]));
    expect(store.runs.list(projectId).map((summary) => summary.id)).toEqual(['r2', 'r1']);
    expect(store.runs.get('r1')).toEqual(older);
    expect(store.runs.get('r2')?.result.executions[0]?.assertions[0]?.error?.message).toBe('expected 500');
    expect(store.runs.get('r1')?.resultCut).toBe(false);
    expect(store.runs.get('nope')).toBeUndefined();
  });

  it('are deleted one by one, and with their project', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    store.runs.add(summaryOf('r1', projectId, '2026-01-01T00:00:00.000Z'), resultOf([]));
    store.runs.add(summaryOf('r2', projectId, '2026-01-02T00:00:00.000Z'), resultOf([]));
    store.runs.delete('r1');
    expect(store.runs.list(projectId).map((summary) => summary.id)).toEqual(['r2']);
    expect(() => store.runs.delete('r1')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    store.projects.delete(projectId);
    expect(store.runs.get('r2')).toBeUndefined();
  });

  it("keep at most the limit per project, dropping the oldest, and never another project's", () => {
    const store = temp.open('client.db', { runLimit: 2 });
    const { id: shop } = store.projects.create({ name: 'Shop' });
    const { id: billing } = store.projects.create({ name: 'Billing' });
    store.runs.add(summaryOf('b1', billing, '2026-01-01T00:00:00.000Z'), resultOf([]));
    for (const day of [1, 2, 3]) {
      store.runs.add(summaryOf(`s${day}`, shop, `2026-01-0${day}T00:00:00.000Z`), resultOf([]));
    }
    expect(store.runs.list(shop).map((summary) => summary.id)).toEqual(['s3', 's2']);
    expect(store.runs.list(billing).map((summary) => summary.id)).toEqual(['b1']);
  });

  it('keep the first executions of a result too large to keep whole, and say it was cut', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    const big = 'x'.repeat(100_000);
    const executions = Array.from({ length: 60 }, (_, index) => execution(index, big));
    const kept = store.runs.add(summaryOf('r', projectId, '2026-01-01T00:00:00.000Z'), resultOf(executions));
    expect(kept.resultCut).toBe(true);
    const read = store.runs.get('r');
    expect(read?.resultCut).toBe(true);
    const count = read?.result.executions.length ?? 0;
    expect(count).toBeGreaterThan(30);
    expect(count).toBeLessThan(60);
    expect(read?.result.executions).toEqual(executions.slice(0, count));
    expect(read?.result.stats.requests.total).toBe(60);
    expect(JSON.stringify(read?.result).length).toBeLessThanOrEqual(MAX_RUN_RESULT_CHARS);
  });

  it('refuse a run without a project, a run still running, and an unknown project', () => {
    const store = temp.open();
    const { id: projectId } = store.projects.create({ name: 'Shop' });
    expect(() => store.runs.add(summaryOf('r', null, '2026-01-01T00:00:00.000Z'), resultOf([]))).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('belongs to no project') }),
    );
    const running = { ...summaryOf('r', projectId, '2026-01-01T00:00:00.000Z'), status: 'running' as const };
    expect(() => store.runs.add(running, resultOf([]))).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'run r is still running; keep it once it has finished' }),
    );
    expect(() => store.runs.add(summaryOf('r', 'nope', '2026-01-01T00:00:00.000Z'), resultOf([]))).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => store.runs.list('nope')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
