import type { MockInfo, MockLogEntry } from '@client/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MockCard } from './mock-card.js';

afterEach(cleanup);

const mock: MockInfo = {
  id: 'm1',
  projectId: 'p1',
  projectName: 'Shop',
  folderId: null,
  port: 4010,
  url: 'http://127.0.0.1:4010',
  validate: true,
  corsOrigins: '*',
  startedBy: 'agent',
  startedAt: '2026-11-29T09:00:00.000Z',
};

const entry = (path: string, status: number, answer: string | null): MockLogEntry => ({
  mockId: 'm1',
  at: '2026-11-29T09:00:01.000Z',
  method: 'GET',
  path,
  status,
  endpointId: answer === null ? null : 'e1',
  endpointName: answer === null ? null : 'Get user',
  answer,
  ms: 2.5,
});

describe('MockCard', () => {
  it('shows the address, what it serves, who started it, its options and its log newest first', () => {
    const log = [entry('/users/7', 200, 'Ada'), entry('/orders', 404, null)];
    render(
      <MockCard
        mock={mock}
        scope="Shop"
        log={log}
        stopping={false}
        onCopy={() => undefined}
        onStop={() => undefined}
      />,
    );
    const card = screen.getByRole('article', { name: 'Mock on port 4010' });
    expect(within(card).getByTestId('mock-url').textContent).toBe('http://127.0.0.1:4010');
    expect(within(card).getByText('started by an agent')).toBeTruthy();
    expect(within(card).getByText('validates requests')).toBeTruthy();
    expect(within(card).getByText('CORS: any origin')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Requests to http://127.0.0.1:4010' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent?.replace(/^.*?(GET)/, '$1'))).toEqual([
      'GET/ordersnonethe mock’s own4042.5 ms',
      'GET/users/7Get userAda2002.5 ms',
    ]);
  });

  it('says how to call a mock that has no requests yet, and stops and copies through its buttons', () => {
    const calls: string[] = [];
    render(
      <MockCard
        mock={{ ...mock, startedBy: 'person' }}
        scope="Shop / Users"
        log={[]}
        stopping={false}
        onCopy={() => calls.push('copy')}
        onStop={() => calls.push('stop')}
      />,
    );
    expect(screen.queryByText('started by an agent')).toBeNull();
    expect(screen.getByText(/No requests yet/).textContent).toContain('curl http://127.0.0.1:4010/…');
    fireEvent.click(screen.getByRole('button', { name: 'Copy the address http://127.0.0.1:4010' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop the mock on port 4010' }));
    expect(calls).toEqual(['copy', 'stop']);
  });
});
