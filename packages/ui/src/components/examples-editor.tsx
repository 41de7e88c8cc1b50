import { type EndpointExample, MAX_EXAMPLE_NAME_LENGTH } from '@client/core';
import { useState } from 'react';
import { contentTypeOf, withContentType } from '../lib/body-language.js';
import { EXAMPLE_BODY_MODES, exampleBodyOf, exampleProblem, newExample, withExampleBody } from '../lib/examples.js';
import { statusTone } from '../lib/status-text.js';
import type { VariableScope } from '../lib/variables.js';
import { BodyEditor } from './body-editor.js';
import { DelayField } from './example-delay-field.js';
import { Icon } from './icons.js';
import { KeyValueTable } from './key-value-table.js';

interface ExamplesEditorProps {
  examples: readonly EndpointExample[];
  scope: VariableScope;
  onChange: (examples: EndpointExample[]) => void;
}

/** A status typed into a number field; an empty field reads as 0, which the row's problem line then names. */
function statusOf(text: string): number {
  const value = Math.round(Number(text));
  return Number.isFinite(value) ? value : 0;
}

/**
 * An endpoint's examples: the named answers a mock replays (`Prefer: example=<name>` picks one) and exports write
 * back. One is edited at a time, picked from the list above it; they are saved with the endpoint.
 */
export function ExamplesEditor({ examples, scope, onChange }: ExamplesEditorProps) {
  const [picked, setPicked] = useState(0);
  const index = Math.min(picked, examples.length - 1);
  const example = examples[index];
  const update = (next: EndpointExample) => onChange(examples.map((current, i) => (i === index ? next : current)));
  const add = () => {
    onChange([...examples, newExample(examples)]);
    setPicked(examples.length);
  };
  const remove = () => {
    onChange(examples.filter((_, i) => i !== index));
    setPicked(Math.max(0, index - 1));
  };
  return (
    <div className="examples">
      <div className="example-bar">
        {examples.length > 0 && (
          <ul className="example-list" aria-label="Examples">
            {examples.map((item, i) => (
              // Examples are named, but the name is what is being edited: position keeps the row while it changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                <button
                  type="button"
                  className={i === index ? 'example-chip example-chip-active' : 'example-chip'}
                  aria-pressed={i === index}
                  onClick={() => setPicked(i)}
                >
                  <span className={`example-status ${statusTone(item.status)}`}>{item.status}</span>
                  <span className="example-chip-name">{item.name.trim() === '' ? 'Unnamed' : item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="button button-small example-add" onClick={add}>
          <Icon name="plus" size={14} /> Add example
        </button>
      </div>
      {example === undefined ? (
        <p className="kv-empty">
          No examples. An example is a named answer of this endpoint — a status, headers and a body — that a mock of the
          project replays. Add one here, or save a response as one with “Save as example” after a Send.
        </p>
      ) : (
        <ExampleFields
          example={example}
          problem={exampleProblem(example, examples)}
          scope={scope}
          onChange={update}
          onDelete={remove}
        />
      )}
    </div>
  );
}

interface ExampleFieldsProps {
  example: EndpointExample;
  problem: string | null;
  scope: VariableScope;
  onChange: (example: EndpointExample) => void;
  onDelete: () => void;
}

function ExampleFields({ example, problem, scope, onChange, onDelete }: ExampleFieldsProps) {
  const { mockStatus: _mockStatus, ...withoutOverride } = example;
  const { delay: _delay, ...withoutDelay } = example;
  return (
    <section className="example-fields" aria-label={`Example ${example.name}`}>
      <div className="example-head">
        <label className="field example-name">
          <span className="field-label">Name</span>
          <input
            className="input"
            aria-label="Example name"
            maxLength={MAX_EXAMPLE_NAME_LENGTH}
            value={example.name}
            onChange={(event) => onChange({ ...example, name: event.target.value })}
          />
        </label>
        <label className="field example-number">
          <span className="field-label">Status</span>
          <input
            className="input"
            type="number"
            min={100}
            max={599}
            aria-label="Example status"
            value={example.status === 0 ? '' : example.status}
            onChange={(event) => onChange({ ...example, status: statusOf(event.target.value) })}
          />
        </label>
        <label className="field example-number">
          <span className="field-label" title="A mock answers with this status instead (to play a failure)">
            Mock answers
          </span>
          <input
            className="input"
            type="number"
            min={100}
            max={599}
            aria-label="Mock status override"
            placeholder={String(example.status)}
            value={example.mockStatus ?? ''}
            onChange={(event) =>
              onChange(
                event.target.value === '' ? withoutOverride : { ...example, mockStatus: statusOf(event.target.value) },
              )
            }
          />
        </label>
        <button
          type="button"
          className="icon-button kv-remove example-delete"
          aria-label={`Delete example ${example.name}`}
          title="Delete this example"
          onClick={onDelete}
        >
          <Icon name="trash" size={14} />
        </button>
        <div className="field example-delay">
          <span className="field-label">Mock delay</span>
          <DelayField
            label="Example"
            delay={example.delay}
            onChange={(delay) => onChange(delay === undefined ? withoutDelay : { ...example, delay })}
          />
        </div>
      </div>
      {problem !== null && <p className="assertion-problem example-problem">{problem}</p>}
      <h3 className="section-title">Headers</h3>
      <KeyValueTable
        label="Example header"
        rows={example.headers}
        bulk=":"
        keyPlaceholder="Header"
        onChange={(headers) => onChange({ ...example, headers })}
        empty="No headers. A mock adds Content-Length itself."
      />
      <h3 className="section-title">Body</h3>
      <BodyEditor
        body={exampleBodyOf(example)}
        scope={scope}
        modes={EXAMPLE_BODY_MODES}
        noneText="This example answers with no body."
        onChange={(body) => onChange(withExampleBody(example, body))}
        contentType={contentTypeOf(example.headers)}
        onContentType={(value) => onChange({ ...example, headers: withContentType(example.headers, value) })}
      />
    </section>
  );
}
