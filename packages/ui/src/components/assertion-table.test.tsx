import type { Assertion } from '@client/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceEditorText } from '../lib/editor/testing.js';
import { mergeVariables } from '../lib/variables.js';
import { AssertionTable } from './assertion-table.js';

afterEach(cleanup);

const scope = mergeVariables([{ key: 'maxMs', value: '500' }], []);

function Harness({ initial, onRows }: { initial: Assertion[]; onRows: (rows: Assertion[]) => void }) {
  const [rows, setRows] = useState(initial);
  return (
    <AssertionTable
      rows={rows}
      scope={scope}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
    />
  );
}

describe('AssertionTable', () => {
  it('adds a row, reads a header by name, and takes a {{variable}} in the value', () => {
    let rows: Assertion[] = [];
    render(<Harness initial={[]} onRows={(next) => (rows = next)} />);
    expect(screen.getByText(/No assertions/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    expect(rows).toEqual([{ source: 'status', property: '', operator: 'eq', value: '200' }]);
    fireEvent.change(screen.getByLabelText('Assertion 1 source'), { target: { value: 'header' } });
    fireEvent.change(screen.getByLabelText('Assertion 1 header name'), { target: { value: 'Content-Type' } });
    fireEvent.change(screen.getByLabelText('Assertion 1 operator'), { target: { value: 'contains' } });
    act(() => replaceEditorText(screen.getByLabelText('Assertion 1 value'), 'json'));
    expect(rows).toEqual([{ source: 'header', property: 'Content-Type', operator: 'contains', value: 'json' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    fireEvent.change(screen.getByLabelText('Assertion 2 source'), { target: { value: 'responseTime' } });
    fireEvent.change(screen.getByLabelText('Assertion 2 operator'), { target: { value: 'lt' } });
    act(() => replaceEditorText(screen.getByLabelText('Assertion 2 value'), '{{maxMs}}'));
    expect(rows[1]).toEqual({ source: 'responseTime', property: '', operator: 'lt', value: '{{maxMs}}' });
    expect(document.querySelector('.assertion-value .cm-var')?.textContent).toBe('{{maxMs}}');
  });

  it('switches a row off and on, moves it, and removes it', () => {
    let rows: Assertion[] = [];
    const initial: Assertion[] = [
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'jsonpath', property: '$.id', operator: 'exists', value: '' },
    ];
    render(<Harness initial={initial} onRows={(next) => (rows = next)} />);
    expect(screen.getByText('no value')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use assertion 2' }));
    expect(rows[1]).toEqual({ ...initial[1], enabled: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use assertion 2' }));
    expect(rows[1]).toEqual(initial[1]);
    expect(screen.getByRole('button', { name: 'Move assertion 1 up' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move assertion 2 up' }));
    expect(rows.map((row) => row.source)).toEqual(['jsonpath', 'status']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove assertion 1' }));
    expect(rows).toEqual([initial[0]]);
  });

  it('says under a row what saving would refuse', () => {
    render(
      <Harness
        initial={[{ source: 'status', property: '', operator: 'gt', value: 'fast' }]}
        onRows={() => undefined}
      />,
    );
    expect(
      screen.getByText('The value must be a number for gt (or a {{variable}} holding one), not "fast"'),
    ).toBeTruthy();
  });
});
