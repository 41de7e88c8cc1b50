import type { LoadBucket, RunExecution, RunSummary } from '@client/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LiveRun, liveRunOf } from '../lib/live-run.js';
import type { OrderEntry } from '../lib/run-order.js';
import { LatencyHistogram } from './latency-histogram.js';
import { RunOrderList } from './run-order-list.js';
import { RunReport } from './run-report.js';

afterEach(cleanup);

// happy-dom lays nothing out: the order list is given the room a window gives it, so it draws its rows.
const laidOut = ['clientWidth', 'clientHeight'] as const;
const before = laidOut.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
});
afterAll(() => {
  laidOut.forEach((name, index) => {
    const descriptor = before[index];
    if (descriptor === undefined) Reflect.deleteProperty(HTMLElement.prototype, name);
    else Object.defineProperty(HTMLElement.prototype, name, descriptor);
  });
});

const summary: RunSummary = {
  id: 'r1',
  projectId: 'p1',
  folderId: 'f1',
  environmentId: null,
  name: 'Orders',
  source: 'person',
  status: 'failed',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.500Z',
  iterations: 2,
  requests: { total: 3, failed: 1 },
  assertions: { total: 3, failed: 1 },
};

function execution(id: string, iteration: number, change: Partial<RunExecution> = {}): RunExecution {
  return {
    iteration,
    item: { id, name: id === 'e1' ? 'List orders' : 'Create order', path: ['Orders'] },
    request: { method: id === 'e1' ? 'GET' : 'POST', url: `http://127.0.0.1/${id}` },
    response: { code: 200, status: 'OK', responseTime: 12, size: 2 },
    assertions: [{ assertion: 'status eq 200' }],
    ...change,
  };
}

const finished: LiveRun = {
  ...liveRunOf(summary),
  executions: [
    execution('e1', 0),
    execution('e2', 0, {
      response: { code: 500, status: 'Server Error', responseTime: 40, size: 5 },
      assertions: [
        { assertion: 'status eq 201', error: { name: 'AssertionError', message: 'expected 500 to be 201' } },
      ],
    }),
    execution('e1', 1, { assertions: [] }),
  ],
};

describe('RunReport', () => {
  it('lists each request with its verdict, status, time and checks, failed ones opened on their messages', () => {
    render(
      <RunReport
        run={finished}
        onCancel={() => undefined}
        onRerunFailed={() => undefined}
        onExport={() => undefined}
        onNewRun={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByTestId('run-status').textContent).toBe('Failed');
    expect(
      screen.getByText(/3 requests \(1 without answer\) · 3 checks \(1 failed\) · 2 iterations · 1.50 s/),
    ).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Requests run' })).getAllByRole('listitem', {
      hidden: false,
    });
    const lines = items
      .filter((item) => item.classList.contains('run-item'))
      .map((item) => item.querySelector('.run-item-line')?.textContent);
    expect(lines).toEqual([
      'Pass#1GETOrders / List orders20012 ms1/1 passed',
      'Fail#1POSTOrders / Create order50040 ms0/1 passed',
      'Pass#2GETOrders / List orders20012 msno checks',
    ]);
    const failed = screen.getByRole('list', { name: 'Checks of Orders / Create order' });
    expect(failed.closest('details')?.open).toBe(true);
    expect(failed.textContent).toBe('Failstatus eq 201expected 500 to be 201');
    fireEvent.click(screen.getByRole('radio', { name: 'Failed' }));
    expect(within(screen.getByRole('list', { name: 'Requests run' })).getAllByText(/Create order/)).toHaveLength(1);
  });

  it('reruns the failed requests, exports both reports, and cancels while running', () => {
    const asked: unknown[] = [];
    const { rerender } = render(
      <RunReport
        run={finished}
        onCancel={() => asked.push('cancel')}
        onRerunFailed={(ids) => asked.push(ids)}
        onExport={(format) => asked.push(format)}
        onNewRun={() => undefined}
        onDelete={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rerun failed (1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    fireEvent.click(screen.getByRole('button', { name: 'JUnit' }));
    const running: LiveRun = {
      ...finished,
      summary: { ...summary, status: 'running', finishedAt: null },
      items: [
        { id: 'e1', name: 'List orders', path: [] },
        { id: 'e2', name: 'Create order', path: [] },
      ],
      sending: { iteration: 1, item: { id: 'e2', name: 'Create order', path: [] } },
    };
    rerender(
      <RunReport
        run={running}
        onCancel={() => asked.push('cancel')}
        onRerunFailed={() => undefined}
        onExport={() => undefined}
        onNewRun={() => undefined}
        onDelete={() => undefined}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Run progress' }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('Sending Create order (iteration 2)…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rerun failed/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    expect(asked).toEqual([['e2'], 'json', 'junit', 'cancel']);
  });
});

describe('RunOrderList', () => {
  const entries: OrderEntry[] = [
    { id: 'e1', name: 'List orders', method: 'GET', path: ['Orders'], included: true },
    { id: 'e2', name: 'Create order', method: 'POST', path: ['Orders'], included: true },
    { id: 'e3', name: 'Ping', method: 'GET', path: [], included: true },
  ];

  it('leaves a request out, moves one, and drops a dragged one where it lands', () => {
    const changes: OrderEntry[][] = [];
    render(
      <RunOrderList
        entries={entries}
        onChange={(next) => changes.push(next)}
        onReset={() => undefined}
        changed={false}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Run Orders / Create order' }));
    expect(changes.at(-1)?.map((entry) => entry.included)).toEqual([true, false, true]);
    fireEvent.click(screen.getByRole('button', { name: 'Move Ping up' }));
    expect(changes.at(-1)?.map((entry) => entry.id)).toEqual(['e1', 'e3', 'e2']);
    const rows = screen.getAllByRole('listitem');
    const data = { effectAllowed: '', setData: () => undefined };
    fireEvent.dragStart(rows[2] as HTMLElement, { dataTransfer: data });
    fireEvent.dragOver(rows[0] as HTMLElement, { dataTransfer: data });
    fireEvent.drop(rows[0] as HTMLElement, { dataTransfer: data });
    expect(changes.at(-1)?.map((entry) => entry.id)).toEqual(['e3', 'e1', 'e2']);
    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    expect(changes.at(-1)?.every((entry) => !entry.included)).toBe(true);
  });
});

describe('LatencyHistogram', () => {
  it('draws a bar per bucket and gives the same numbers as a table and in words', () => {
    const buckets: LoadBucket[] = [
      { fromMs: 0, toMs: 2, count: 10 },
      { fromMs: 2, toMs: 4, count: 40 },
      { fromMs: 4, toMs: 8, count: 5 },
    ];
    render(<LatencyHistogram buckets={buckets} />);
    expect(document.querySelectorAll('.histogram-bar')).toHaveLength(3);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('figure').textContent).toContain('Latency of 55 answers; most (40) took 2.0 ms–4.0 ms.');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'LatencyAnswers',
      '0.0 ms–2.0 ms10',
      '2.0 ms–4.0 ms40',
      '4.0 ms–8.0 ms5',
    ]);
  });
});
