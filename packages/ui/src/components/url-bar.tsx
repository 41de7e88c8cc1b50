import { BASE_URL_VARIABLE, HTTP_METHODS, isOwnUrl, sendsAsWritten, splitUrl } from '@client/core';
import { useEffect, useState } from 'react';
import type { EditorDraft } from '../lib/draft.js';
import { formatPathAndQuery, readTypedUrl, withTypedQuery } from '../lib/url-editing.js';
import { resolveTemplate, scopeLookup, undefinedVariables, type VariableScope } from '../lib/variables.js';
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
 * Method, `{{base_url}}` and the path with its query, then Send. An endpoint follows the project's base_url
 * (a chip, the field edits what follows it) or has a URL of its own (the field holds it whole); the chip
 * switches between the two.
 */
export function UrlBar({ draft, scope, sending, onChange, onSend, onCancel, onNotice, onPasteCurl }: UrlBarProps) {
  const formatted = formatPathAndQuery(draft);
  // The field keeps the text as typed (a trailing `?` or `&` has no params yet) and follows the draft
  // whenever the draft changes from elsewhere, such as the params table.
  const baseUrl = scope.get(BASE_URL_VARIABLE);
  // The resolved base_url, for telling a whole URL under it (kept relative) from one elsewhere (its own URL).
  const resolvedBase =
    baseUrl === undefined ? undefined : resolveTemplate(`{{${BASE_URL_VARIABLE}}}`, scope, { secret: 'mask' });
  const [text, setText] = useState(formatted);
  useEffect(() => {
    setText((current) => (formatPathAndQuery(readTypedUrl(current, resolvedBase)) === formatted ? current : formatted));
  }, [formatted, resolvedBase]);

  // A path that starts with a variable holding a whole URL (`{{tls_host}}/echo`) is sent there, as the sender does.
  const own = sendsAsWritten(draft.path, scopeLookup(scope, { secret: 'keep' }));
  const fullTemplate = own ? text : `{{${BASE_URL_VARIABLE}}}${text}`;
  const resolved = resolveTemplate(fullTemplate, scope, { secret: 'mask' });
  const missing = undefinedVariables(fullTemplate, scope);

  const onType = (value: string) => {
    setText(value);
    const typed = readTypedUrl(value, resolvedBase);
    onChange({ path: typed.path, queryParams: withTypedQuery(typed.queryParams, draft.queryParams) });
  };
  const settle = (value: string) => {
    const typed = readTypedUrl(value, resolvedBase);
    setText(formatPathAndQuery(typed));
    onChange({ path: typed.path, queryParams: withTypedQuery(typed.queryParams, draft.queryParams) });
  };
  /** One action either way: give the endpoint a URL of its own, or send it to {{base_url}} again. */
  const switchTarget = () => {
    if (own) {
      // A whole URL keeps its path; a leading variable that holds one gives way to base_url.
      const path = isOwnUrl(draft.path) ? splitUrl(draft.path).path : withoutLeadingVariable(draft.path);
      onChange({ path });
      onNotice(`Now sent to {{${BASE_URL_VARIABLE}}}${path}.`);
    } else if (resolvedBase !== undefined) {
      onChange({ path: `${resolvedBase.replace(/\/+$/, '')}${draft.path}` });
    }
  };
  /** Takes a pasted cURL command, or a whole URL pasted over the whole field (so its query lands in the params). */
  const onPaste = (pasted: string, whole: boolean): boolean => {
    if (/^\s*curl\s/.test(pasted)) {
      onPasteCurl(pasted);
      return true;
    }
    if (!whole || !/^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(pasted)) return false;
    settle(pasted);
    return true;
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
        {own ? (
          <button
            type="button"
            className="base-chip base-chip-own"
            title="This endpoint has a URL of its own and is sent there as written. Click to send it to {{base_url}} instead."
            onClick={switchTarget}
          >
            Own URL
          </button>
        ) : (
          <button
            type="button"
            className={baseUrl === undefined ? 'base-chip base-chip-missing' : 'base-chip'}
            title={
              baseUrl === undefined
                ? 'base_url is not set in the project or environment'
                : `Sent to ${baseUrl.value} and the path. Click to give this endpoint a URL of its own.`
            }
            disabled={baseUrl === undefined}
            onClick={switchTarget}
          >
            {`{{${BASE_URL_VARIABLE}}}`}
          </button>
        )}
        <TemplateInput
          className="url-input"
          label={own ? 'URL' : 'URL path'}
          placeholder="/users/{{id}}?page=1"
          value={text}
          scope={scope}
          onChange={onType}
          onPaste={onPaste}
          onEnter={onSend}
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

/** `{{host}}/v1/x` without its leading `{{host}}`: the path that follows base_url instead. */
function withoutLeadingVariable(path: string): string {
  const rest = path.replace(/^\{\{[^{}]*\}\}/, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}
