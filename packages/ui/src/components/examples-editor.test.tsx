import type { EndpointExample } from '@client/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { editorText, replaceEditorText } from '../lib/editor/testing.js';
import { mergeVariables } from '../lib/variables.js';
import { ExamplesEditor } from './examples-editor.js';

afterEach(cleanup);

const scope = mergeVariables([], []);

function Harness({
  initial,
  onExamples,
}: {
  initial: EndpointExample[];
  onExamples: (rows: EndpointExample[]) => void;
}) {
  const [examples, setExamples] = useState(initial);
  return (
    <ExamplesEditor
      examples={examples}
      scope={scope}
      onChange={(next) => {
        setExamples(next);
        onExamples(next);
      }}
    />
  );
}

describe('ExamplesEditor', () => {
  it('adds an example, renames it, sets status, headers, JSON body, the mock status and a random delay', () => {
    let examples: EndpointExample[] = [];
    render(<Harness initial={[]} onExamples={(next) => (examples = next)} />);
    expect(screen.getByText(/No examples/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add example' }));
    expect(examples).toEqual([
      { name: '200 OK', status: 200, headers: [{ key: 'Content-Type', value: 'application/json' }], body: '{}' },
    ]);
    fireEvent.change(screen.getByLabelText('Example name'), { target: { value: 'Not found' } });
    fireEvent.change(screen.getByLabelText('Example status'), { target: { value: '404' } });
    fireEvent.change(screen.getByLabelText('Example header name 2'), { target: { value: 'X-Trace' } });
    fireEvent.change(screen.getByLabelText('Example header value 2'), { target: { value: 'abc' } });
    act(() => replaceEditorText(screen.getByLabelText('JSON body'), '{"error":"no such user"}'));
    fireEvent.change(screen.getByLabelText('Mock status override'), { target: { value: '410' } });
    fireEvent.change(screen.getByLabelText('Example delay'), { target: { value: 'range' } });
    fireEvent.change(screen.getByLabelText('Example shortest delay in milliseconds'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Example longest delay in milliseconds'), { target: { value: '900' } });
    expect(examples).toEqual([
      {
        name: 'Not found',
        status: 404,
        headers: [
          { key: 'Content-Type', value: 'application/json' },
          { key: 'X-Trace', value: 'abc' },
        ],
        body: '{"error":"no such user"}',
        mockStatus: 410,
        delay: { minMs: 100, maxMs: 900 },
      },
    ]);
    expect(screen.getByRole('button', { name: /404 Not found/, pressed: true })).toBeTruthy();
    // Cleared, the override and the delay leave the example rather than stay as empty values.
    fireEvent.change(screen.getByLabelText('Mock status override'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Example delay'), { target: { value: 'none' } });
    expect(examples[0]).not.toHaveProperty('mockStatus');
    expect(examples[0]).not.toHaveProperty('delay');
  });

  it('switches between examples, says when two share a name, and deletes the one shown', () => {
    let examples: EndpointExample[] = [];
    const initial: EndpointExample[] = [
      { name: 'Found', status: 200, headers: [], body: 'ok' },
      { name: 'Gone', status: 410, headers: [], body: '' },
    ];
    render(<Harness initial={initial} onExamples={(next) => (examples = next)} />);
    expect(editorText(screen.getByLabelText('Text body'))).toBe('ok');
    fireEvent.click(screen.getByRole('button', { name: /Gone/ }));
    expect(screen.getByText('This example answers with no body.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Example name'), { target: { value: 'Found' } });
    expect(screen.getByText(/names must differ/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete example Found' }));
    expect(examples).toEqual([initial[0]]);
    expect(screen.getByLabelText('Example name')).toHaveProperty('value', 'Found');
  });
});
