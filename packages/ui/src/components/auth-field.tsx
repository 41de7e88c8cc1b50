import type { ReactNode } from 'react';
import type { VariableScope } from '../lib/variables.js';
import { TemplateInput } from './template-input.js';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      {children}
    </div>
  );
}

/** A labelled field that takes `{{variables}}`. */
export function TemplateField(props: {
  label: string;
  value: string;
  scope: VariableScope;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label}>
      <TemplateInput
        label={props.label}
        value={props.value}
        scope={props.scope}
        {...(props.placeholder === undefined ? {} : { placeholder: props.placeholder })}
        onChange={props.onChange}
      />
    </Field>
  );
}
