import { ENDPOINT_STATES, type EndpointState } from '@client/core';
import type { ReactNode, Ref } from 'react';

interface EndpointTitleRowProps {
  name: string;
  state: EndpointState;
  changed: boolean;
  saving: boolean;
  onChange: (patch: { name?: string; state?: EndpointState }) => void;
  onSave: () => void;
  nameInput?: Ref<HTMLInputElement>;
  /** Actions shown before Save. */
  children?: ReactNode;
}

/** An endpoint's name, unsaved mark, state and Save, whatever kind of endpoint it is. */
export function EndpointTitleRow({ name, state, changed, saving, onChange, onSave, ...props }: EndpointTitleRowProps) {
  return (
    <div className="editor-title-row">
      <input
        ref={props.nameInput}
        className="title-input"
        aria-label="Endpoint name"
        title={name}
        value={name}
        onChange={(event) => onChange({ name: event.target.value })}
      />
      {changed && (
        <span className="unsaved-dot" title="Unsaved changes" role="img" aria-label="Unsaved changes">
          ●
        </span>
      )}
      <select
        className={`select state-select state-${state.toLowerCase()}`}
        aria-label="State"
        value={state}
        onChange={(event) => onChange({ state: event.target.value as EndpointState })}
      >
        {ENDPOINT_STATES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <div className="toolbar-spacer" />
      {props.children}
      <button
        type="button"
        className="button button-primary"
        onClick={onSave}
        disabled={!changed || saving}
        title="Save (Ctrl+S)"
      >
        {saving ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}
