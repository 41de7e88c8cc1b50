import type { SendChecks } from '@client/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendResult } from '../api/types.js';
import { ResponsePanel } from './response-panel.js';

afterEach(cleanup);

const checks: SendChecks = {
  id: 'checks-1',
  rows: [
    { assertion: 'status eq 200', passed: true, actual: '200' },
    {
      assertion: 'jsonpath $.id isType string',
      passed: false,
      actual: '7',
      message: 'expected a string, got a number',
    },
    { assertion: 'header X-Trace exists', passed: true, skipped: true, actual: null },
  ],
  tests: [
    { assertion: 'answers fast' },
    {
      assertion: 'has a name',
      error: { name: 'AssertionError', message: "expected { id: 7 } to have property 'name'" },
    },
  ],
  scriptErrors: [{ phase: 'test', level: 'folder', message: 'ReferenceError: nope is not defined' }],
  console: [
    { level: 'log', text: 'token abc' },
    { level: 'warn', text: 'slow' },
  ],
  variables: [
    { layer: 'environment', name: 'token', value: 'abc', secret: false },
    { layer: 'collection', name: 'userId', value: null, secret: false },
    { layer: 'globals', name: 'g', value: '1', secret: false },
  ],
};

const result: SendResult = {
  historyId: 'h1',
  url: 'http://127.0.0.1:9/users/7',
  status: 200,
  statusText: 'OK',
  durationMs: 12,
  size: 9,
  headers: [{ key: 'content-type', value: 'application/json' }],
  contentType: 'application/json',
  body: '{"id":7}',
  truncated: false,
  warnings: [],
  timing: null,
  cookies: [],
  checks,
};

describe('the Tests section of the response', () => {
  it('counts what passed on its tab and lists every verdict with its value and message', () => {
    render(<ResponsePanel state={{ kind: 'done', result }} onCancel={() => undefined} />);
    const tab = screen.getByRole('tab', { name: /Tests/ });
    expect(tab.textContent).toBe('Tests 2/4');
    fireEvent.click(tab);
    const section = screen.getByTestId('response-checks');
    expect(within(section).getByText('2 of 4 checks failed. 1 skipped.')).toBeTruthy();
    const rows = within(screen.getByRole('region', { name: 'Assertions' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Passstatus eq 200got 200',
      'Failjsonpath $.id isType stringgot 7expected a string, got a number',
      'Skipheader X-Trace exists',
    ]);
    const tests = within(screen.getByRole('region', { name: 'Script tests' })).getAllByRole('listitem');
    expect(tests.map((test) => test.textContent)).toEqual([
      'Passanswers fast',
      "Failhas a nameexpected { id: 7 } to have property 'name'",
    ]);
    expect(screen.getByRole('region', { name: 'Script errors' }).textContent).toContain(
      'The folder’s post-response script: ReferenceError: nope is not defined',
    );
    expect(screen.getByRole('region', { name: 'Console' }).textContent).toBe('Consoletoken abc\nwarn: slow\n');
  });

  it('keeps the ticked variables by the checks’ id, and offers no globals', async () => {
    const kept: unknown[] = [];
    render(
      <ResponsePanel
        state={{ kind: 'done', result }}
        onCancel={() => undefined}
        environmentInUse
        onKeepVariables={async (checksId, keep) => {
          kept.push({ checksId, keep });
        }}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: /Tests/ }));
    const keep = screen.getByRole('button', { name: 'Keep the ticked variables' });
    expect(keep).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Keep g' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep token' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep userId' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep 2 variables' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Kept 2 variables.'));
    expect(kept).toEqual([
      {
        checksId: 'checks-1',
        keep: [
          { layer: 'environment', name: 'token' },
          { layer: 'collection', name: 'userId' },
        ],
      },
    ]);
  });

  it('offers nothing to keep in an environment when none was in use, and says why a keep failed', async () => {
    render(
      <ResponsePanel
        state={{ kind: 'done', result }}
        onCancel={() => undefined}
        onKeepVariables={() => Promise.reject(new Error('these variables are no longer held'))}
      />,
    );
    fireEvent.click(screen.getByRole('tab', { name: /Tests/ }));
    expect(screen.getByRole('checkbox', { name: 'Keep token' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep userId' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep 1 variable' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Could not keep them: these variables are no longer held'),
    );
  });

  it('shows what the scripts found when no response came', () => {
    render(
      <ResponsePanel
        state={{ kind: 'failed', message: 'connect ECONNREFUSED', checks: { ...checks, rows: [], tests: [] } }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('connect ECONNREFUSED');
    expect(screen.getByRole('region', { name: 'Script errors' })).toBeTruthy();
  });
});
