import {
  type Assertion,
  type EndpointExample,
  type EndpointScripts,
  isEnabled,
  type RequestSettings,
  type RequestSettingsOverride,
} from '@client/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { contentTypeOf, withContentType } from '../lib/body-language.js';
import type { EditorDraft } from '../lib/draft.js';
import { EXPORT_FORMATS } from '../lib/export/code-export.js';
import { introspect } from '../lib/graphql-introspect.js';
import type { VariableScope } from '../lib/variables.js';
import { AssertionTable } from './assertion-table.js';
import { AuthEditor } from './auth-editor.js';
import type { AuthPlace } from './auth-place.js';
import { BodyEditor } from './body-editor.js';
import { EditorSplit } from './editor-split.js';
import { EndpointDocs } from './endpoint-docs.js';
import { EndpointTitleRow } from './endpoint-title-row.js';
import { ExamplesEditor } from './examples-editor.js';
import { Icon } from './icons.js';
import { KeyValueTable } from './key-value-table.js';
import { Menu } from './menu.js';
import { RequestSettingsEditor } from './request-settings-editor.js';
import { ResponsePanel, type ResponsePanelProps, type ResponseState } from './response-panel.js';
import type { SaveExampleTarget } from './save-example.js';
import { TabButtons } from './tab-buttons.js';
import { UrlBar } from './url-bar.js';

/** The script editors bring a JavaScript grammar the other tabs do not need: they load when first shown. */
const ScriptsEditor = lazy(() => import('./scripts-editor.js').then((module) => ({ default: module.ScriptsEditor })));

type RequestTab = 'params' | 'headers' | 'body' | 'auth' | 'tests' | 'scripts' | 'examples' | 'settings' | 'docs';

interface EndpointEditorProps {
  draft: EditorDraft;
  changed: boolean;
  saving: boolean;
  scope: VariableScope;
  /** The endpoint's project, environment and folder: what its auth inherits and signs in with. */
  authPlace: AuthPlace;
  /** The project's request settings, with the app's defaults where it sets none. */
  projectSettings: RequestSettings;
  response: ResponseState;
  onChange: (draft: EditorDraft) => void;
  onSave: () => void;
  onSend: () => void;
  onCancel: () => void;
  /** Copies the endpoint as cURL (`curl`) or in another of the export formats. */
  onCopyAs: (format: string) => void;
  onNotice: (message: string) => void;
  onPasteCurl: (command: string) => void;
  /** Opens the project's cookie jar, a new cookie set for `domain` (the host the response came from). */
  onManageCookies: (domain: string) => void;
  /** Keeps variables the scripts of the last Send set; absent where nothing can keep them. */
  onKeepVariables?: ResponsePanelProps['onKeepVariables'];
  /** Whether an environment is in use, which environment variables the scripts set can be kept in. */
  environmentInUse?: boolean;
  /** Selects the name for typing, right after the endpoint was created. */
  focusName?: boolean;
  /** Where the response's "Save as example" keeps it. */
  saveExample?: SaveExampleTarget;
  /** The saved endpoint this draft edits (null while new), whose GraphQL schema the app caches. */
  savedEndpointId?: string | null;
}

/** The draft with these settings; none at all leaves the field out, as a saved endpoint without them has it. */
function withSettings(draft: EditorDraft, settings: RequestSettingsOverride): EditorDraft {
  const { settings: _previous, ...rest } = draft;
  return Object.keys(settings).length === 0 ? rest : { ...rest, settings };
}

/** The draft with this description; an empty one leaves the field out, as a saved endpoint without one has it. */
function withDescription(draft: EditorDraft, description: string): EditorDraft {
  const { description: _previous, ...rest } = draft;
  return description === '' ? rest : { ...rest, description };
}

/** The draft with these assertion rows; none at all leaves the field out, as a saved endpoint without them has it. */
function withTests(draft: EditorDraft, tests: Assertion[]): EditorDraft {
  const { tests: _previous, ...rest } = draft;
  return tests.length === 0 ? rest : { ...rest, tests };
}

/** The draft with these examples; none at all leaves the field out, as a saved endpoint without them has it. */
function withExamples(draft: EditorDraft, examples: EndpointExample[]): EditorDraft {
  const { examples: _previous, ...rest } = draft;
  return examples.length === 0 ? rest : { ...rest, examples };
}

/** The draft with these scripts; none leaves the field out. */
function withScripts(draft: EditorDraft, scripts: EndpointScripts | undefined): EditorDraft {
  const { scripts: _previous, ...rest } = draft;
  return scripts === undefined ? rest : { ...rest, scripts };
}

/** A tab's count: the rows that are sent (or checked); none at all shows no count. */
function rowCount(rows: readonly { enabled?: boolean }[]): string | null {
  return rows.length === 0 ? null : String(rows.filter(isEnabled).length);
}

/** How many of the script parts hold something. */
function scriptCount(scripts: EndpointScripts | undefined): string | null {
  if (scripts === undefined) return null;
  const written = [scripts.preRequest, scripts.postResponse, scripts.tests].filter((text) => text.trim() !== '');
  return written.length === 0 ? null : String(written.length);
}

const BODY_LABELS: Record<EditorDraft['body']['mode'], string> = {
  none: 'none',
  json: 'JSON',
  text: 'text',
  urlencoded: 'form',
  multipart: 'multipart',
  file: 'file',
  graphql: 'GraphQL',
};

export function EndpointEditor(props: EndpointEditorProps) {
  const { draft, changed, saving, scope, response, onChange, onSave, onSend, onCancel, onCopyAs } = props;
  const nameInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.focusName === true) nameInput.current?.select();
  }, [props.focusName]);
  const [tab, setTab] = useState<RequestTab>(draft.body.mode === 'none' ? 'params' : 'body');
  const patch = (change: Partial<EditorDraft>) => onChange({ ...draft, ...change });
  const overrides = Object.keys(draft.settings ?? {}).length;
  const tabs: { id: RequestTab; label: string; badge: string | null }[] = [
    { id: 'params', label: 'Params', badge: rowCount(draft.queryParams) },
    { id: 'headers', label: 'Headers', badge: rowCount(draft.headers) },
    { id: 'body', label: 'Body', badge: draft.body.mode === 'none' ? null : BODY_LABELS[draft.body.mode] },
    {
      id: 'auth',
      label: 'Auth',
      badge: draft.auth.type === 'none' || draft.auth.type === 'inherit' ? null : draft.auth.type,
    },
    { id: 'tests', label: 'Tests', badge: rowCount(draft.tests ?? []) },
    { id: 'scripts', label: 'Scripts', badge: scriptCount(draft.scripts) },
    { id: 'examples', label: 'Examples', badge: draft.examples === undefined ? null : String(draft.examples.length) },
    { id: 'settings', label: 'Settings', badge: overrides > 0 ? String(overrides) : null },
    { id: 'docs', label: 'Docs', badge: null },
  ];

  return (
    <EditorSplit>
      <div className="editor-request">
        <EndpointTitleRow
          name={draft.name}
          state={draft.state}
          changed={changed}
          saving={saving}
          onChange={patch}
          onSave={onSave}
          nameInput={nameInput}
        >
          <button type="button" className="button button-ghost" onClick={() => onCopyAs('curl')} title="Copy as cURL">
            <Icon name="terminal" size={14} /> Copy as cURL
          </button>
          <Menu
            label="Copy as another format"
            items={EXPORT_FORMATS.filter((format) => format.id !== 'curl').map((format) => ({
              label: format.label,
              onSelect: () => onCopyAs(format.id),
            }))}
          />
        </EndpointTitleRow>
        <UrlBar
          draft={draft}
          scope={scope}
          sending={response.kind === 'sending'}
          onChange={patch}
          onSend={onSend}
          onCancel={onCancel}
          onNotice={props.onNotice}
          onPasteCurl={props.onPasteCurl}
        />
        <TabButtons label="Request parts" className="tabs request-tabs" tabs={tabs} selected={tab} onSelect={setTab} />
        <div className="tab-panel" role="tabpanel">
          {tab === 'params' && (
            <KeyValueTable
              label="Query param"
              rows={draft.queryParams}
              scope={scope}
              bulk="="
              onChange={(queryParams) => patch({ queryParams })}
              empty="No query params. Add one below or type ?name=value in the URL."
            />
          )}
          {tab === 'headers' && (
            <KeyValueTable
              label="Header"
              rows={draft.headers}
              scope={scope}
              bulk=":"
              keyPlaceholder="Header"
              onChange={(headers) => patch({ headers })}
              empty="No headers. Content-Type follows the body type unless you set it here."
            />
          )}
          {tab === 'body' && (
            <BodyEditor
              body={draft.body}
              scope={scope}
              onChange={(body) => patch({ body })}
              contentType={contentTypeOf(draft.headers)}
              onContentType={(value) => patch({ headers: withContentType(draft.headers, value) })}
              loadGraphqlSchema={(refresh) =>
                introspect(draft, props.authPlace, props.savedEndpointId ?? null, refresh)
              }
            />
          )}
          {tab === 'auth' && (
            <AuthEditor auth={draft.auth} scope={scope} place={props.authPlace} onChange={(auth) => patch({ auth })} />
          )}
          {tab === 'tests' && (
            <AssertionTable
              rows={draft.tests ?? []}
              scope={scope}
              onChange={(tests) => onChange(withTests(draft, tests))}
            />
          )}
          {tab === 'scripts' && (
            <Suspense fallback={<p className="muted">Loading the script editors…</p>}>
              <ScriptsEditor
                scripts={draft.scripts}
                owner="endpoint"
                scope={scope}
                onChange={(scripts) => onChange(withScripts(draft, scripts))}
              />
            </Suspense>
          )}
          {tab === 'examples' && (
            <ExamplesEditor
              examples={draft.examples ?? []}
              scope={scope}
              onChange={(examples) => onChange(withExamples(draft, examples))}
            />
          )}
          {tab === 'settings' && (
            <RequestSettingsEditor
              settings={draft.settings ?? {}}
              inherited={props.projectSettings}
              inheritedFrom="project"
              onChange={(settings) => onChange(withSettings(draft, settings))}
              scope={scope}
            />
          )}
          {tab === 'docs' && (
            <EndpointDocs
              description={draft.description ?? ''}
              onChange={(description) => onChange(withDescription(draft, description))}
            />
          )}
        </div>
      </div>
      <ResponsePanel
        state={response}
        onCancel={onCancel}
        onManageCookies={props.onManageCookies}
        onKeepVariables={props.onKeepVariables}
        environmentInUse={props.environmentInUse}
        {...(props.saveExample === undefined ? {} : { saveExample: props.saveExample })}
      />
    </EditorSplit>
  );
}
