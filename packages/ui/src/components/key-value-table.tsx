import { isEnabled, type KeyValue } from '@client/core';
import { type ReactNode, useState } from 'react';
import { type BulkSeparator, formatBulkText } from '../lib/bulk-edit.js';
import { withEnabled } from '../lib/row-enabled.js';
import type { VariableScope } from '../lib/variables.js';
import { BulkEditor } from './bulk-editor.js';
import { EnabledToggle } from './enabled-toggle.js';
import { Icon } from './icons.js';
import { TemplateInput } from './template-input.js';

interface KeyValueTableProps {
  label: string;
  rows: readonly KeyValue[];
  onChange: (rows: KeyValue[]) => void;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  /** When given, names and values are editors that colour, complete and explain `{{variables}}`. */
  scope?: VariableScope;
  empty?: ReactNode;
  /** Offers the text view too, one row a line, name and value split by this. */
  bulk?: BulkSeparator;
}

/**
 * An editable list of name/value pairs with a blank row at the end: typing into it adds a row, the way
 * Postman and Bruno tables work, so there is no "Add" button to hunt for. Each row has a box that switches
 * it off without deleting it; with `bulk`, a "Bulk edit" switch shows the rows as text instead.
 */
export function KeyValueTable(props: KeyValueTableProps) {
  const [asText, setAsText] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { bulk } = props;
  if (bulk === undefined) return <RowsTable {...props} />;
  const toggle = () => {
    if (asText) {
      setAsText(false);
      return;
    }
    const text = formatBulkText(props.rows, bulk);
    setProblem(text.ok ? null : `The text view cannot show every row as it is: ${text.problem}.`);
    setAsText(text.ok);
  };
  return (
    <div className="kv-with-bulk">
      <div className="kv-toolbar">
        {problem !== null && !asText && (
          <span className="form-error" role="alert">
            {problem}
          </span>
        )}
        <button type="button" className="button button-small button-ghost kv-view-switch" onClick={toggle}>
          {asText ? 'Table' : 'Bulk edit'}
        </button>
      </div>
      {asText ? (
        <BulkEditor label={props.label} rows={props.rows} separator={bulk} onChange={props.onChange} />
      ) : (
        <RowsTable {...props} />
      )}
    </div>
  );
}

function RowsTable({
  label,
  rows,
  onChange,
  keyPlaceholder = 'Name',
  valuePlaceholder = 'Value',
  scope,
  empty,
}: KeyValueTableProps) {
  const shown: KeyValue[] = [...rows, { key: '', value: '' }];
  const update = (index: number, patch: Partial<KeyValue>) => {
    const next = shown.map((row, i) => (i === index ? { ...row, ...patch } : row));
    onChange(next.filter((row, i) => i < rows.length || row.key !== '' || row.value !== ''));
  };
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));

  return (
    <fieldset className="kv-table">
      <legend className="visually-hidden">{label}</legend>
      {rows.length === 0 && empty !== undefined && <div className="kv-empty">{empty}</div>}
      {shown.map((row, index) => {
        const isBlank = index === rows.length;
        return (
          // Rows have no identity of their own; position is what the user edits.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div className={isEnabled(row) ? 'kv-row kv-row-toggle' : 'kv-row kv-row-toggle kv-row-off'} key={index}>
            <EnabledToggle
              label={`${label} ${row.key || index + 1}`}
              enabled={isEnabled(row)}
              blank={isBlank}
              onChange={(enabled) =>
                onChange(rows.map((current, i) => (i === index ? withEnabled(current, enabled) : current)))
              }
            />
            {scope === undefined ? (
              <>
                <input
                  className="input kv-key"
                  aria-label={`${label} name ${index + 1}`}
                  placeholder={keyPlaceholder}
                  value={row.key}
                  spellCheck={false}
                  onChange={(event) => update(index, { key: event.target.value })}
                />
                <input
                  className="input kv-value"
                  aria-label={`${label} value ${index + 1}`}
                  placeholder={valuePlaceholder}
                  value={row.value}
                  spellCheck={false}
                  onChange={(event) => update(index, { value: event.target.value })}
                />
              </>
            ) : (
              <>
                <TemplateInput
                  className="kv-key"
                  label={`${label} name ${index + 1}`}
                  placeholder={keyPlaceholder}
                  value={row.key}
                  scope={scope}
                  onChange={(key) => update(index, { key })}
                />
                <TemplateInput
                  className="kv-value"
                  label={`${label} value ${index + 1}`}
                  placeholder={valuePlaceholder}
                  value={row.value}
                  scope={scope}
                  onChange={(value) => update(index, { value })}
                />
              </>
            )}
            <button
              type="button"
              className="icon-button kv-remove"
              aria-label={`Remove ${label.toLowerCase()} ${row.key || index + 1}`}
              onClick={() => remove(index)}
              disabled={isBlank}
              tabIndex={isBlank ? -1 : 0}
            >
              <Icon name="trash" size={14} />
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
