import type { KeyValue } from '@client/core';
import { useEffect, useState } from 'react';
import { type BulkSeparator, formatBulkText, parseBulkText } from '../lib/bulk-edit.js';

interface BulkEditorProps {
  label: string;
  rows: readonly KeyValue[];
  separator: BulkSeparator;
  onChange: (rows: KeyValue[]) => void;
}

const textOf = (rows: readonly KeyValue[], separator: BulkSeparator): string => {
  const text = formatBulkText(rows, separator);
  return text.ok ? text.text : '';
};

/**
 * Rows as text, one a line (`//` in front of one that is off). Every keystroke updates the rows, so Send and
 * Save see what is typed; rows changed elsewhere (a query typed into the URL) replace the text.
 */
export function BulkEditor({ label, rows, separator, onChange }: BulkEditorProps) {
  const [text, setText] = useState(() => textOf(rows, separator));
  useEffect(() => {
    setText((current) =>
      JSON.stringify(parseBulkText(current, separator)) ===
      JSON.stringify(parseBulkText(textOf(rows, separator), separator))
        ? current
        : textOf(rows, separator),
    );
  }, [rows, separator]);
  const example = separator === ':' ? 'Accept: application/json\n//X-Debug: 1' : 'page=1\n//debug=true';
  return (
    <div className="bulk-editor">
      <div className="code-area">
        <textarea
          className="code-input bulk-input"
          aria-label={`${label}s as text`}
          spellCheck={false}
          value={text}
          placeholder={example}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseBulkText(event.target.value, separator));
          }}
        />
      </div>
      <span className="field-hint">
        One a line, <code>{separator === ':' ? 'name: value' : 'name=value'}</code>; <code>{'//'}</code> in front
        switches a row off.
      </span>
    </div>
  );
}
