import type { KeyValue } from '@client/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyValueTable } from './key-value-table.js';

afterEach(cleanup);

function Harness({ onRows }: { onRows: (rows: KeyValue[]) => void }) {
  const [rows, setRows] = useState<KeyValue[]>([{ key: 'Accept', value: 'application/json' }]);
  return (
    <KeyValueTable
      label="Header"
      rows={rows}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
    />
  );
}

describe('KeyValueTable', () => {
  it('adds a row when the blank last row is typed into, and removes a row on its button', () => {
    let rows: KeyValue[] = [];
    render(<Harness onRows={(next) => (rows = next)} />);
    fireEvent.change(screen.getByLabelText('Header name 2'), { target: { value: 'X-Trace' } });
    expect(rows).toEqual([
      { key: 'Accept', value: 'application/json' },
      { key: 'X-Trace', value: '' },
    ]);
    expect(screen.getByLabelText('Header name 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove header Accept' }));
    expect(rows).toEqual([{ key: 'X-Trace', value: '' }]);
  });

  it('keeps an added row when its fields are emptied again, until it is removed', () => {
    let rows: KeyValue[] = [];
    render(<Harness onRows={(next) => (rows = next)} />);
    fireEvent.change(screen.getByLabelText('Header value 2'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Header value 2'), { target: { value: '' } });
    expect(rows).toEqual([
      { key: 'Accept', value: 'application/json' },
      { key: '', value: '' },
    ]);
  });
});
