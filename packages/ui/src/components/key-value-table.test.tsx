import type { KeyValue } from '@client/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyValueTable } from './key-value-table.js';

afterEach(cleanup);

function Harness({ onRows, bulk }: { onRows: (rows: KeyValue[]) => void; bulk?: ':' }) {
  const [rows, setRows] = useState<KeyValue[]>([{ key: 'Accept', value: 'application/json' }]);
  return (
    <KeyValueTable
      label="Header"
      rows={rows}
      {...(bulk === undefined ? {} : { bulk })}
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

describe('switching rows off and editing them as text', () => {
  it('unticks a row to keep it switched off and ticks it on again as a row that was never off', () => {
    let rows: KeyValue[] = [];
    render(<Harness onRows={(next) => (rows = next)} />);
    const box = screen.getByRole('checkbox', { name: 'Use Header Accept' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(rows).toEqual([{ key: 'Accept', value: 'application/json', enabled: false }]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use Header Accept' }));
    expect(rows).toEqual([{ key: 'Accept', value: 'application/json' }]);
    expect((screen.getByRole('checkbox', { name: 'Use Header 2' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows the rows as text and back, a // line a row that is off, losing nothing', () => {
    let rows: KeyValue[] = [];
    render(<Harness bulk=":" onRows={(next) => (rows = next)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use Header Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bulk edit' }));
    const text = screen.getByLabelText('Headers as text') as HTMLTextAreaElement;
    expect(text.value).toBe('//Accept: application/json');
    fireEvent.change(text, { target: { value: '//Accept: application/json\nX-Trace: 1' } });
    expect(rows).toEqual([
      { key: 'Accept', value: 'application/json', enabled: false },
      { key: 'X-Trace', value: '1' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    expect((screen.getByLabelText('Header name 2') as HTMLInputElement).value).toBe('X-Trace');
    expect((screen.getByRole('checkbox', { name: 'Use Header Accept' }) as HTMLInputElement).checked).toBe(false);
  });

  it('stays a table, saying why, when a row could not come back from the text as it is', () => {
    render(<Harness bulk=":" onRows={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Header name 2'), { target: { value: 'Odd:Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bulk edit' }));
    expect(screen.getByRole('alert').textContent).toContain('the name "Odd:Name" holds ":"');
    expect(screen.queryByLabelText('Headers as text')).toBeNull();
  });
});
