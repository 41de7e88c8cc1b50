import type { McpToolView } from '@client/core';
import { useId, useMemo, useState } from 'react';
import { argumentsOf, type FieldValues, formFieldsOf, type SchemaField } from '../lib/mcp-schema-form.js';

interface McpToolFormProps {
  tool: McpToolView;
  busy: boolean;
  onCall: (args: Record<string, unknown>) => void;
}

function FieldInput({
  field,
  id,
  value,
  hint,
  onChange,
}: {
  field: SchemaField;
  id: string;
  value: string;
  /** The id of the field's description, which the control is described by. */
  hint: string | undefined;
  onChange: (value: string) => void;
}) {
  switch (field.kind) {
    case 'boolean':
    case 'enum': {
      const options = field.kind === 'boolean' ? ['true', 'false'] : field.options;
      return (
        <select
          id={id}
          aria-describedby={hint}
          className="select mcp-field-select"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{field.required ? 'Choose…' : '(leave out)'}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    }
    case 'json':
      return (
        <textarea
          id={id}
          aria-describedby={hint}
          className="code-input code-input-short mono"
          spellCheck={false}
          placeholder="JSON"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    default:
      return (
        <input
          id={id}
          aria-describedby={hint}
          className="input"
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

const KIND_LABELS: Record<SchemaField['kind'], string> = {
  string: 'text',
  number: 'number',
  boolean: 'true/false',
  enum: 'one of',
  json: 'JSON',
};

/** The arguments of a tool as a form made from its input schema, and the button that calls it. */
export function McpToolForm({ tool, busy, onCall }: McpToolFormProps) {
  const fields = useMemo(() => formFieldsOf(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<FieldValues>({});
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const formId = useId();
  const submit = () => {
    const read = argumentsOf(fields, values);
    if (!read.ok) {
      setProblem(read);
      document.getElementById(`${formId}-${read.field}`)?.focus();
      return;
    }
    setProblem(null);
    onCall(read.arguments);
  };
  return (
    <form
      className="mcp-form"
      aria-label={`Arguments of ${tool.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {fields.length === 0 && <p className="muted">This tool takes no arguments.</p>}
      {fields.map((field) => {
        const id = `${formId}-${field.name}`;
        const hintId = `${id}-hint`;
        return (
          <div key={field.name} className="field">
            <label className="field-label" htmlFor={id}>
              {field.name}
              {field.required && <span className="mcp-required"> (required)</span>}
              <span className="mcp-kind"> {KIND_LABELS[field.kind]}</span>
            </label>
            <FieldInput
              field={field}
              id={id}
              value={values[field.name] ?? ''}
              hint={field.description === undefined ? undefined : hintId}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
            {field.description !== undefined && (
              <span id={hintId} className="field-hint">
                {field.description}
              </span>
            )}
          </div>
        );
      })}
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem.message}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Calling…' : `Call ${tool.name}`}
        </button>
      </div>
    </form>
  );
}
