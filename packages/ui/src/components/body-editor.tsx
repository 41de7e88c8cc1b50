import { type EndpointBody, isEnabled, type MultipartPart } from '@client/core';
import { TEXT_SYNTAXES, textLanguageOf } from '../lib/body-language.js';
import { BODY_MODES, type BodyMode, formatJsonBody, switchBodyMode } from '../lib/body-mode.js';
import { jsonDiagnostics } from '../lib/editor/json-lint.js';
import { withEnabled } from '../lib/row-enabled.js';
import type { VariableScope } from '../lib/variables.js';
import { CodeEditor } from './code-editor.js';
import { EnabledToggle } from './enabled-toggle.js';
import { FileChooser } from './file-chooser.js';
import { GraphqlBodyEditor, type GraphqlSchemaLoader } from './graphql-body-editor.js';
import { Icon } from './icons.js';
import { KeyValueTable } from './key-value-table.js';

interface BodyEditorProps {
  body: EndpointBody;
  scope: VariableScope;
  onChange: (body: EndpointBody) => void;
  /** The request's Content-Type header, which says what a text body is written in. */
  contentType: string | undefined;
  onContentType: (value: string) => void;
  /** The modes offered; all of them unless given (an example's body is text, so it offers none, JSON and text). */
  modes?: readonly BodyMode[];
  /** What the none mode says; a request's words unless given. */
  noneText?: string;
  /** Fetches the request's GraphQL schema; without it a GraphQL body is edited without one. */
  loadGraphqlSchema?: GraphqlSchemaLoader;
}

export function BodyEditor(props: BodyEditorProps) {
  const { body, onChange, modes } = props;
  const offered = modes === undefined ? BODY_MODES : BODY_MODES.filter(({ mode }) => modes.includes(mode));
  return (
    <div className="body-editor">
      <div className="segmented" role="radiogroup" aria-label="Body type">
        {offered.map(({ mode, label }) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
          <button
            type="button"
            role="radio"
            aria-checked={body.mode === mode}
            key={mode}
            className={body.mode === mode ? 'segment segment-active' : 'segment'}
            onClick={() => onChange(switchBodyMode(body, mode))}
          >
            {label}
          </button>
        ))}
      </div>
      <BodyFields {...props} />
    </div>
  );
}

function BodyFields(props: BodyEditorProps) {
  const { body, scope, onChange, contentType, onContentType, noneText } = props;
  switch (body.mode) {
    case 'none':
      return <p className="muted body-none">{noneText ?? 'This request sends no body.'}</p>;
    case 'json': {
      const [problem] = jsonDiagnostics(body.text);
      return (
        <div className="code-area">
          <div className="code-toolbar">
            <span className={problem === undefined ? 'json-state json-valid' : 'json-state json-invalid'}>
              {problem === undefined ? 'Valid JSON' : `Invalid JSON: ${problem.message}`}
            </span>
            <button
              type="button"
              className="button button-small"
              onClick={() => onChange({ mode: 'json', text: formatJsonBody(body.text) })}
            >
              Format
            </button>
          </div>
          <CodeEditor
            multiline
            language="json"
            label="JSON body"
            value={body.text}
            scope={scope}
            placeholder={'{\n  "name": "{{userName}}"\n}'}
            onChange={(text) => onChange({ mode: 'json', text })}
          />
        </div>
      );
    }
    case 'text': {
      const language = textLanguageOf(contentType);
      return (
        <div className="code-area">
          <div className="code-toolbar">
            <label className="code-syntax">
              <span className="muted">Syntax</span>
              <select
                className="select select-borderless"
                value={language}
                onChange={(event) => {
                  const chosen = TEXT_SYNTAXES.find((syntax) => syntax.language === event.target.value);
                  if (chosen !== undefined) onContentType(chosen.contentType);
                }}
              >
                {TEXT_SYNTAXES.map((syntax) => (
                  <option key={syntax.language} value={syntax.language}>
                    {syntax.label}
                  </option>
                ))}
              </select>
            </label>
            <span className="muted code-content-type">Content-Type: {contentType ?? 'text/plain'}</span>
          </div>
          <CodeEditor
            multiline
            language={language}
            label="Text body"
            value={body.text}
            scope={scope}
            onChange={(text) => onChange({ mode: 'text', text })}
          />
        </div>
      );
    }
    case 'urlencoded':
      return (
        <KeyValueTable
          label="Form field"
          rows={body.fields}
          scope={scope}
          onChange={(fields) => onChange({ mode: 'urlencoded', fields })}
        />
      );
    case 'multipart':
      return <MultipartTable parts={body.parts} onChange={(parts) => onChange({ mode: 'multipart', parts })} />;
    case 'graphql':
      return (
        <GraphqlBodyEditor
          body={body}
          scope={scope}
          onChange={onChange}
          loadSchema={props.loadGraphqlSchema ?? noSchema}
        />
      );
    case 'file':
      return (
        <div className="field">
          <span className="field-label">File to send</span>
          <div className="file-row">
            <input
              className="input mono"
              aria-label="Body file path"
              placeholder="/home/me/payload.bin"
              value={body.path}
              spellCheck={false}
              onChange={(event) => onChange({ mode: 'file', path: event.target.value })}
            />
            <FileChooser label="Choose body file" onPicked={(path) => onChange({ mode: 'file', path })} />
          </div>
          <span className="field-hint">
            A path on this computer, read when the request is sent. A chosen file is copied into Client's data folder
            and that copy is sent: choose it again after it changes.
          </span>
        </div>
      );
  }
}

async function noSchema(): Promise<never> {
  throw new Error('this body has no endpoint to ask for its schema');
}

function MultipartTable({ parts, onChange }: { parts: MultipartPart[]; onChange: (parts: MultipartPart[]) => void }) {
  const shown: MultipartPart[] = [...parts, { name: '', value: '' }];
  const update = (index: number, part: MultipartPart) => {
    const next = shown.map((current, i) => (i === index ? part : current));
    onChange(next.filter((p, i) => i < parts.length || p.name !== '' || (p.value ?? p.file ?? '') !== ''));
  };
  return (
    <fieldset className="kv-table">
      <legend className="visually-hidden">Multipart parts</legend>
      {shown.map((part, index) => {
        const isFile = part.file !== undefined;
        const rowClass = isEnabled(part) ? 'kv-row kv-row-multipart' : 'kv-row kv-row-multipart kv-row-off';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
          <div className={rowClass} key={index}>
            <EnabledToggle
              label={`part ${part.name || index + 1}`}
              enabled={isEnabled(part)}
              blank={index === parts.length}
              onChange={(enabled) => update(index, withEnabled(part, enabled))}
            />
            <input
              className="input kv-key"
              aria-label={`Part name ${index + 1}`}
              placeholder="Name"
              value={part.name}
              onChange={(event) => update(index, { ...part, name: event.target.value })}
            />
            <select
              className="select kv-kind"
              aria-label={`Part kind ${index + 1}`}
              value={isFile ? 'file' : 'text'}
              onChange={(event) =>
                update(
                  index,
                  withEnabled<MultipartPart>(
                    event.target.value === 'file'
                      ? { name: part.name, file: part.value ?? '' }
                      : { name: part.name, value: part.file ?? '' },
                    isEnabled(part),
                  ),
                )
              }
            >
              <option value="text">Text</option>
              <option value="file">File</option>
            </select>
            <div className="file-row">
              <input
                className={isFile ? 'input kv-value mono' : 'input kv-value'}
                aria-label={`Part ${isFile ? 'file path' : 'value'} ${index + 1}`}
                placeholder={isFile ? '/path/to/file' : 'Value'}
                value={isFile ? (part.file ?? '') : (part.value ?? '')}
                onChange={(event) =>
                  update(index, isFile ? { ...part, file: event.target.value } : { ...part, value: event.target.value })
                }
              />
              {isFile && (
                <FileChooser
                  label={`Choose file for part ${index + 1}`}
                  onPicked={(file) => update(index, { ...part, file })}
                />
              )}
            </div>
            <button
              type="button"
              className="icon-button kv-remove"
              aria-label={`Remove part ${part.name || index + 1}`}
              disabled={index === parts.length}
              onClick={() => onChange(parts.filter((_, i) => i !== index))}
            >
              <Icon name="trash" size={14} />
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
