import { JSONPath } from 'jsonpath-plus';
import { useEffect, useMemo, useState } from 'react';
import type { SendResult } from '../api/types.js';
import { type BodyContent, useResponseBody } from '../hooks/use-response-body.js';
import { type BodyLanguage, bodyLanguage, prettyText } from '../lib/body-view.js';
import { copyText } from '../lib/clipboard.js';
import { saveBlob } from '../lib/download.js';
import { formatBytes } from '../lib/format.js';
import { messageOf } from '../lib/message-of.js';
import { CodeLines, linesMatching } from './code-lines.js';
import { Icon } from './icons.js';
import { SegmentedChoice } from './segmented-choice.js';

type View = 'pretty' | 'raw' | 'preview';

/** The body of a response: pretty or raw, searched, filtered by JSONPath, previewed, copied or saved whole. */
export function ResponseBody({ result }: { result: SendResult }) {
  const content = useResponseBody(result);
  return (
    <div className="response-body">
      {result.truncated && (
        <p className="response-warning">
          The body is larger than the 50 MB the app keeps; only its first part is shown.
        </p>
      )}
      <BodyContentView content={content} result={result} />
    </div>
  );
}

function BodyContentView({ content, result }: { content: BodyContent; result: SendResult }) {
  switch (content.kind) {
    case 'loading':
      return <p className="muted">Loading the body ({formatBytes(result.size)})…</p>;
    case 'failed':
      return <p className="response-warning">Could not load the body: {content.message}</p>;
    case 'not-kept':
      return (
        <p className="muted">
          Binary body ({result.contentType ?? 'unknown type'}, {formatBytes(result.size)}); History does not keep it.
        </p>
      );
    case 'binary':
      return <BinaryBody blob={content.blob} result={result} />;
    case 'text':
      return content.text === '' ? (
        <p className="muted">Empty body.</p>
      ) : (
        <TextBody text={content.text} result={result} />
      );
  }
}

/** A file name for a saved body: the URL's last segment, with an extension for its type when it has none. */
function fileNameOf(result: SendResult, language: BodyLanguage | null): string {
  const last =
    new URL(result.url).pathname
      .split('/')
      .filter((part) => part !== '')
      .at(-1) ?? 'response';
  if (/\.\w{1,5}$/.test(last)) return decodeURIComponent(last);
  const subtype = result.contentType?.split(';')[0]?.split(/[/+]/).at(-1);
  const extension = language === 'json' || language === 'xml' || language === 'html' ? language : subtype;
  return `${decodeURIComponent(last)}.${extension === undefined || extension === 'plain' ? 'txt' : extension}`;
}

function BinaryBody({ blob, result }: { blob: Blob; result: SendResult }) {
  const image = result.contentType?.startsWith('image/') === true;
  const url = useMemo(() => (image ? URL.createObjectURL(blob) : null), [blob, image]);
  useEffect(() => () => (url === null ? undefined : URL.revokeObjectURL(url)), [url]);
  return (
    <>
      <div className="body-toolbar">
        <span className="muted">
          {result.contentType ?? 'Binary body'}, {formatBytes(result.size)}
        </span>
        <button type="button" className="button button-small" onClick={() => saveBlob(blob, fileNameOf(result, null))}>
          <Icon name="download" size={13} /> Save to file
        </button>
      </div>
      {url !== null ? (
        <div className="image-preview">
          <img src={url} alt={`Response body (${result.contentType})`} />
        </div>
      ) : (
        <p className="muted">This body is not text; save it to open it with another program.</p>
      )}
    </>
  );
}

function TextBody({ text, result }: { text: string; result: SendResult }) {
  const language = useMemo(() => bodyLanguage(text, result.contentType), [text, result.contentType]);
  const pretty = useMemo(() => prettyText(text, language), [text, language]);
  const [view, setView] = useState<View>('pretty');
  const [search, setSearch] = useState('');
  const [hit, setHit] = useState(0);
  const [filter, setFilter] = useState('');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  const filtering = language === 'json' && filter.trim() !== '';
  // Parsed once while a filter is typed, not on every keystroke.
  const parsed = useMemo(() => (filtering ? parseJson(text) : null), [filtering, text]);
  const filtered = useMemo(() => (parsed === null ? null : applyJsonPath(parsed, filter)), [parsed, filter]);
  const shown = filtered?.text ?? (view === 'raw' ? text : pretty);
  const hits = useMemo(() => linesMatching(shown, search), [shown, search]);
  const activeLine = hits.length === 0 ? null : (hits[hit % hits.length] ?? null);
  const views: { id: View; label: string }[] = [
    { id: 'pretty', label: 'Pretty' },
    { id: 'raw', label: 'Raw' },
    ...(language === 'html' ? [{ id: 'preview' as const, label: 'Preview' }] : []),
  ];

  return (
    <>
      <div className="body-toolbar">
        <SegmentedChoice label="Body view" options={views} value={view} onChange={setView} />
        <div className="body-search">
          <Icon name="search" size={13} />
          <input
            className="body-search-input"
            type="search"
            aria-label="Search the body"
            placeholder="Search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setHit(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setHit((current) => current + (event.shiftKey ? hits.length - 1 : 1));
            }}
          />
          {search !== '' && (
            <span className="body-search-count" aria-live="polite">
              {hits.length === 0 ? 'no match' : `line ${(hit % hits.length) + 1} of ${hits.length}`}
            </span>
          )}
        </div>
        {language === 'json' && (
          <input
            className="input input-small body-filter mono"
            aria-label="Filter with JSONPath"
            placeholder="$.items[*].id"
            value={filter}
            spellCheck={false}
            onChange={(event) => setFilter(event.target.value)}
          />
        )}
        <span className="body-toolbar-end">
          <button
            type="button"
            className="button button-ghost button-small"
            title="Copy the body exactly as it arrived"
            onClick={() => void copyText(text).then(() => setCopied(true))}
          >
            <Icon name={copied ? 'check' : 'copy'} size={13} /> {copied ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className="button button-ghost button-small"
            title="Save the body exactly as it arrived"
            onClick={() =>
              saveBlob(new Blob([text], { type: result.contentType ?? 'text/plain' }), fileNameOf(result, language))
            }
          >
            <Icon name="download" size={13} /> Save
          </button>
        </span>
      </div>
      {filtered?.error !== undefined && <p className="response-warning">{filtered.error}</p>}
      {view === 'preview' && filtered === null ? (
        // No scripts, forms, plugins or same-origin access: the page is shown, never run.
        <iframe className="html-preview" title="Preview of the HTML body" sandbox="" srcDoc={text} />
      ) : (
        <CodeLines
          text={shown}
          language={filtered === null ? language : 'json'}
          search={search}
          activeLine={activeLine}
        />
      )}
    </>
  );
}

function parseJson(text: string): { json: unknown } | { error: string } {
  try {
    return { json: JSON.parse(text) };
  } catch (caught) {
    return { error: `The body is not valid JSON, so it cannot be filtered: ${messageOf(caught)}` };
  }
}

/** The values a JSONPath expression selects, as pretty JSON; or why it selects nothing. */
function applyJsonPath(parsed: { json: unknown } | { error: string }, path: string): { text?: string; error?: string } {
  if ('error' in parsed) return { error: parsed.error };
  try {
    const values: unknown = JSONPath({ path, json: parsed.json as object, wrap: true });
    return { text: JSON.stringify(values, null, 2) };
  } catch (caught) {
    return { error: `The filter does not apply: ${messageOf(caught)}` };
  }
}
