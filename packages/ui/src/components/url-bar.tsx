import { BASE_URL_VARIABLE, HTTP_METHODS } from '@client/core';
import { type ClipboardEvent, useEffect, useState } from 'react';
import type { EditorDraft } from '../lib/draft.js';
import { formatPathAndQuery, readTypedUrl } from '../lib/url-editing.js';
import { resolveTemplate, undefinedVariables, type VariableScope } from '../lib/variables.js';
import { Icon } from './icons.js';
import { TemplateInput } from './template-input.js';

interface UrlBarProps {
  draft: EditorDraft;
  scope: VariableScope;
  sending: boolean;
  onChange: (patch: Partial<EditorDraft>) => void;
  onSend: () => void;
  onCancel: () => void;
  onNotice: (message: string) => void;
  /** A cURL command pasted into the URL field is imported instead of typed in. */
  onPasteCurl: (command: string) => void;
}

/**
 * Method, `{{base_url}}` and the path with its query, then Send. Endpoints are stored relative to the
 * project's base_url, so the origin is shown as a fixed chip and the field edits what follows it.
 */
export function UrlBar({ draft, scope, sending, onChange, onSend, onCancel, onNotice, onPasteCurl }: UrlBarProps) {
  const formatted = formatPathAndQuery(draft);
  // The field keeps the text as typed (a trailing `?` or `&` has no params yet) and follows the draft
  // whenever the draft changes from elsewhere, such as the params table.
  const [text, setText] = useState(formatted);
  useEffect(() => {
    setText((current) => (formatPathAndQuery(readTypedUrl(current)) === formatted ? current : formatted));
  }, [formatted]);

  const baseUrl = scope.get(BASE_URL_VARIABLE);
  const fullTemplate = `{{${BASE_URL_VARIABLE}}}${text}`;
  const resolved = resolveTemplate(fullTemplate, scope, { secret: 'mask' });
  const missing = undefinedVariables(fullTemplate, scope);

  const onType = (value: string) => {
    setText(value);
    const typed = readTypedUrl(value);
    onChange({ path: typed.path, queryParams: typed.queryParams });
  };
  /** A whole URL typed or pasted into the field keeps its path and query; its origin cannot be kept. */
  const settle = (value: string) => {
    const typed = readTypedUrl(value);
    setText(formatPathAndQuery(typed));
    onChange({ path: typed.path, queryParams: typed.queryParams });
    if (typed.droppedOrigin !== null) {
      onNotice(
        `Kept the path of ${typed.droppedOrigin}; requests go to {{${BASE_URL_VARIABLE}}}. To reach that host, set base_url to it in an environment.`,
      );
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    if (/^\s*curl\s/.test(pasted)) {
      event.preventDefault();
      onPasteCurl(pasted);
      return;
    }
    if (readTypedUrl(pasted).droppedOrigin === null || input.selectionStart !== 0) return;
    if (input.selectionEnd !== input.value.length) return;
    event.preventDefault();
    settle(pasted);
  };

  return (
    <div className="url-area">
      <div className="url-bar">
        <select
          className={`method-select method-${draft.method.toLowerCase()}`}
          aria-label="Method"
          value={draft.method}
          onChange={(event) => onChange({ method: event.target.value })}
        >
          {(HTTP_METHODS as readonly string[]).includes(draft.method) ? null : (
            <option value={draft.method}>{draft.method}</option>
          )}
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <span
          className={baseUrl === undefined ? 'base-chip base-chip-missing' : 'base-chip'}
          title={baseUrl === undefined ? 'base_url is not set in the project or environment' : baseUrl.value}
        >
          {`{{${BASE_URL_VARIABLE}}}`}
        </span>
        <TemplateInput
          className="url-input"
          label="URL path"
          placeholder="/users/{{id}}?page=1"
          value={text}
          scope={scope}
          onChange={onType}
          onPaste={onPaste}
          onBlur={() => settle(text)}
        />
        {sending ? (
          <button type="button" className="button button-send button-cancel" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" className="button button-send" onClick={onSend} title="Send (Ctrl+Enter)">
            <Icon name="send" size={14} /> Send
          </button>
        )}
      </div>
      <div className="url-resolved mono" data-testid="resolved-url">
        <span className="muted">→</span> {resolved}
        {missing.length > 0 && (
          <span className="url-missing"> · not defined: {missing.map((name) => `{{${name}}}`).join(', ')}</span>
        )}
      </div>
    </div>
  );
}
