import { ASSERTION_OPERATORS, ASSERTION_SOURCES, type Assertion, assertionText, isEnabled } from '@client/core';
import {
  newAssertion,
  OPERATOR_LABELS,
  rowProblem,
  SOURCE_LABELS,
  takesProperty,
  takesValue,
  withOperator,
  withSource,
} from '../lib/assertion-rows.js';
import { moveItem } from '../lib/move-item.js';
import { withEnabled } from '../lib/row-enabled.js';
import type { VariableScope } from '../lib/variables.js';
import { EnabledToggle } from './enabled-toggle.js';
import { Icon } from './icons.js';
import { TemplateInput } from './template-input.js';

interface AssertionTableProps {
  rows: readonly Assertion[];
  scope: VariableScope;
  onChange: (rows: Assertion[]) => void;
}

const VALUE_HINTS: Partial<Record<Assertion['operator'], string>> = {
  matches: '/^ok$/i',
  isType: 'string, number, boolean, object, array or null',
  length: '3',
  contains: 'text or item',
};

function valuePlaceholder(row: Assertion): string {
  const hint = VALUE_HINTS[row.operator];
  if (hint !== undefined) return hint;
  if (row.source === 'status') return '200';
  if (row.source === 'responseTime') return 'milliseconds';
  if (row.source === 'size') return 'bytes';
  return 'Value';
}

/**
 * An endpoint's assertion rows, `source property operator value`, each checked against every response: rows are
 * added with a button, switched off with the box in front (kept, not checked), moved up and down, and removed. A
 * row that saving would refuse says why under it while it is typed.
 */
export function AssertionTable({ rows, scope, onChange }: AssertionTableProps) {
  const update = (index: number, row: Assertion) => onChange(rows.map((current, i) => (i === index ? row : current)));
  return (
    <div className="assertions">
      {rows.length === 0 ? (
        <p className="kv-empty">
          No assertions. Add one to check every response: its status, a header, a value in the JSON body by JSONPath,
          the response time or the body size.
        </p>
      ) : (
        <ol className="assertion-list" aria-label="Assertions">
          {rows.map((row, index) => {
            const number = index + 1;
            const problem = rowProblem(row);
            return (
              // Rows have no identity of their own; position is what the person edits and moves.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className={isEnabled(row) ? 'assertion-row' : 'assertion-row assertion-row-off'}>
                <div className="assertion-fields">
                  <EnabledToggle
                    label={`assertion ${number}`}
                    enabled={isEnabled(row)}
                    onChange={(enabled) => update(index, withEnabled(row, enabled))}
                  />
                  <select
                    className="select assertion-source"
                    aria-label={`Assertion ${number} source`}
                    value={row.source}
                    onChange={(event) => update(index, withSource(row, event.target.value as Assertion['source']))}
                  >
                    {ASSERTION_SOURCES.map((source) => (
                      <option key={source} value={source}>
                        {SOURCE_LABELS[source]}
                      </option>
                    ))}
                  </select>
                  {takesProperty(row.source) ? (
                    <input
                      className="input assertion-property"
                      aria-label={`Assertion ${number} ${row.source === 'header' ? 'header name' : 'JSONPath'}`}
                      placeholder={row.source === 'header' ? 'Content-Type' : '$.data[0].id'}
                      spellCheck={false}
                      value={row.property}
                      onChange={(event) => update(index, { ...row, property: event.target.value })}
                    />
                  ) : (
                    <span className="assertion-property" aria-hidden="true" />
                  )}
                  <select
                    className="select assertion-operator"
                    aria-label={`Assertion ${number} operator`}
                    value={row.operator}
                    onChange={(event) => update(index, withOperator(row, event.target.value as Assertion['operator']))}
                  >
                    {ASSERTION_OPERATORS.map((operator) => (
                      <option key={operator} value={operator}>
                        {OPERATOR_LABELS[operator]}
                      </option>
                    ))}
                  </select>
                  {takesValue(row.operator) ? (
                    <TemplateInput
                      className="assertion-value"
                      label={`Assertion ${number} value`}
                      placeholder={valuePlaceholder(row)}
                      value={row.value}
                      scope={scope}
                      onChange={(value) => update(index, { ...row, value })}
                    />
                  ) : (
                    <span className="assertion-value muted">no value</span>
                  )}
                  <span className="assertion-tools">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move assertion ${number} up`}
                      title="Move up"
                      disabled={index === 0}
                      onClick={() => onChange(moveItem(rows, index, -1))}
                    >
                      <Icon name="arrow-up" size={14} />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Move assertion ${number} down`}
                      title="Move down"
                      disabled={index === rows.length - 1}
                      onClick={() => onChange(moveItem(rows, index, 1))}
                    >
                      <Icon name="arrow-down" size={14} />
                    </button>
                    <button
                      type="button"
                      className="icon-button kv-remove"
                      aria-label={`Remove assertion ${number}`}
                      title={`Remove “${assertionText(row)}”`}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    >
                      <Icon name="trash" size={14} />
                    </button>
                  </span>
                </div>
                {problem !== null && <p className="assertion-problem">{problem}</p>}
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className="button button-small assertion-add"
        onClick={() => onChange([...rows, newAssertion()])}
      >
        <Icon name="plus" size={14} /> Add assertion
      </button>
    </div>
  );
}
