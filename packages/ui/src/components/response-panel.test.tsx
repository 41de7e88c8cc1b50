import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendResult } from '../api/types.js';
import { ResponsePanel } from './response-panel.js';

afterEach(cleanup);

const result: SendResult = {
  historyId: 'h1',
  url: 'https://api.example.com/users/1',
  status: 404,
  statusText: 'Not Found',
  durationMs: 1234,
  size: 2048,
  headers: [
    { key: 'content-type', value: 'application/json' },
    { key: 'set-cookie', value: 'a=1' },
    { key: 'set-cookie', value: 'b=2' },
  ],
  contentType: 'application/json',
  body: '{"error":"missing","id":1}',
  truncated: false,
  warnings: [],
  timing: { dnsMs: 1.2, connectMs: 0.8, tlsMs: 12.5, waitMs: 1200, downloadMs: 19.5, totalMs: 1234 },
  cookies: [],
};

describe('ResponsePanel', () => {
  it('shows status, time, size and the JSON body pretty-printed', () => {
    render(<ResponsePanel state={{ kind: 'done', result }} onCancel={() => undefined} />);
    expect(screen.getByTestId('response-status').textContent).toBe('404 Not Found');
    expect(screen.getByText('1.23 s')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByTestId('response-body').textContent).toBe('{\n  "error": "missing",\n  "id": 1\n}');
  });

  it('shows the raw body on request and every header, repeated ones included', () => {
    render(<ResponsePanel state={{ kind: 'done', result }} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Raw' }));
    expect(screen.getByTestId('response-body').textContent).toBe(result.body);
    fireEvent.click(screen.getByRole('tab', { name: /Headers/ }));
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'content-typeapplication/json',
      'set-cookiea=1',
      'set-cookieb=2',
    ]);
  });

  it('says when the body is cut or binary', () => {
    const { rerender } = render(
      <ResponsePanel state={{ kind: 'done', result: { ...result, truncated: true } }} onCancel={() => undefined} />,
    );
    expect(screen.getByText(/only its first part is shown/)).toBeTruthy();
    rerender(
      <ResponsePanel
        state={{ kind: 'done', result: { ...result, body: null, contentType: 'image/png' } }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByText(/Binary body \(image\/png, 2.0 KB\)/)).toBeTruthy();
  });

  it('finds text in the body, and filters a JSON body with JSONPath', () => {
    const body = JSON.stringify({ users: [{ name: 'Ada' }, { name: 'Alan' }], total: 2 });
    render(<ResponsePanel state={{ kind: 'done', result: { ...result, body } }} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Search the body'), { target: { value: 'ALAN' } });
    expect(screen.getByText('line 1 of 1')).toBeTruthy();
    expect(screen.getByTestId('response-body').querySelector('mark')?.textContent).toBe('Alan');
    fireEvent.change(screen.getByLabelText('Search the body'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Filter with JSONPath'), { target: { value: '$.users[*].name' } });
    expect(screen.getByTestId('response-body').textContent).toBe('[\n  "Ada",\n  "Alan"\n]');
    fireEvent.change(screen.getByLabelText('Filter with JSONPath'), { target: { value: '$.users[?(@.x=)]' } });
    expect(screen.getByText(/The filter does not apply/)).toBeTruthy();
  });

  it('offers Cancel while sending and shows why a request failed', () => {
    let cancelled = false;
    const { rerender } = render(
      <ResponsePanel state={{ kind: 'sending', startedAt: 0 }} onCancel={() => (cancelled = true)} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled).toBe(true);
    expect(screen.getByTestId('elapsed').textContent).toMatch(/ s$/);
    rerender(<ResponsePanel state={{ kind: 'failed', message: 'connect ECONNREFUSED' }} onCancel={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('connect ECONNREFUSED');
  });
});

describe('Save as example', () => {
  const target = { endpointId: 'e1', onSaved: () => undefined };
  const button = () => screen.getByRole('button', { name: /Save as example/ });

  it('is offered only where the panel is given a place to keep it, and is enabled for a whole text body', () => {
    const { rerender } = render(<ResponsePanel state={{ kind: 'done', result }} onCancel={() => undefined} />);
    expect(screen.queryByRole('button', { name: /Save as example/ })).toBeNull();
    rerender(<ResponsePanel state={{ kind: 'done', result }} onCancel={() => undefined} saveExample={target} />);
    expect(button()).toHaveProperty('disabled', false);
  });

  it('is disabled, saying why, for a response of no saved endpoint, a cut body and a binary one', () => {
    const cases = [
      { endpointId: null, state: result, reason: /no saved endpoint/ },
      { endpointId: 'e1', state: { ...result, truncated: true }, reason: /first part/ },
      { endpointId: 'e1', state: { ...result, body: null, binary: true }, reason: /not text/ },
    ];
    for (const { endpointId, state, reason } of cases) {
      render(
        <ResponsePanel
          state={{ kind: 'done', result: state }}
          onCancel={() => undefined}
          saveExample={{ ...target, endpointId }}
        />,
      );
      expect(button()).toHaveProperty('disabled', true);
      expect(button().getAttribute('title')).toMatch(reason);
      const described = document.getElementById(button().getAttribute('aria-describedby') ?? '');
      expect(described?.textContent).toMatch(reason);
      cleanup();
    }
  });
});
