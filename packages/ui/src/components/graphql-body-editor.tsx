import '../styles/graphql.css';
import type { GraphqlBody, GraphqlSchemaAnswer } from '@client/core';
import type { Extension } from '@codemirror/state';
import { type EditorView, ViewPlugin } from '@codemirror/view';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { graphqlSchemaSupport, setGraphqlSchema } from '../lib/editor/graphql-schema.js';
import { messageOf } from '../lib/message-of.js';
import type { VariableScope } from '../lib/variables.js';
import { CodeEditor } from './code-editor.js';
import { GraphqlExplorer } from './graphql-explorer.js';

/** Fetches the endpoint's schema by introspection; `refresh` asks the server again instead of the app's copy. */
export type GraphqlSchemaLoader = (refresh: boolean) => Promise<GraphqlSchemaAnswer>;

type SchemaState =
  | { state: 'loading' }
  | { state: 'ready'; schema: GraphQLSchema; fetchedAt: string }
  | { state: 'failed'; message: string };

interface GraphqlBodyEditorProps {
  body: GraphqlBody;
  scope: VariableScope;
  onChange: (body: GraphqlBody) => void;
  loadSchema: GraphqlSchemaLoader;
}

function schemaOf(answer: GraphqlSchemaAnswer): GraphQLSchema {
  return buildClientSchema(answer.introspection as unknown as IntrospectionQuery);
}

/** The query (completed, linted and explained from the schema), its variables, its operation name and the schema. */
export function GraphqlBodyEditor({ body, scope, onChange, loadSchema }: GraphqlBodyEditorProps) {
  const [schema, setSchema] = useState<SchemaState>({ state: 'loading' });
  const [exploring, setExploring] = useState(false);
  const view = useRef<EditorView | null>(null);
  const loader = useRef(loadSchema);
  loader.current = loadSchema;
  // The query editor's view, so a schema fetched later reaches its completion, lint and hover.
  const extensions = useMemo<Extension>(
    () => [
      graphqlSchemaSupport(),
      ViewPlugin.define((created) => {
        view.current = created;
        return {
          destroy() {
            if (view.current === created) view.current = null;
          },
        };
      }),
    ],
    [],
  );

  const load = useCallback(async (refresh: boolean) => {
    setSchema({ state: 'loading' });
    try {
      const answer = await loader.current(refresh);
      setSchema({ state: 'ready', schema: schemaOf(answer), fetchedAt: answer.fetchedAt });
    } catch (caught) {
      setSchema({ state: 'failed', message: messageOf(caught) });
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  useEffect(() => {
    const current = view.current;
    if (current !== null) setGraphqlSchema(current, schema.state === 'ready' ? schema.schema : undefined);
  }, [schema]);

  const ready = schema.state === 'ready' ? schema : null;
  return (
    <div className="graphql-body">
      <div className={exploring && ready !== null ? 'graphql-layout graphql-layout-exploring' : 'graphql-layout'}>
        <div className="graphql-editors">
          <div className="code-area">
            <div className="code-toolbar">
              <SchemaStatus schema={schema} />
              <div className="graphql-actions">
                <button
                  type="button"
                  className="button button-small"
                  disabled={schema.state === 'loading'}
                  onClick={() => void load(true)}
                >
                  Refresh schema
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-pressed={exploring}
                  disabled={ready === null}
                  onClick={() => setExploring((open) => !open)}
                >
                  Schema explorer
                </button>
              </div>
            </div>
            <CodeEditor
              multiline
              language="graphql"
              label="GraphQL query"
              value={body.query}
              scope={scope}
              placeholder={'query {\n  \n}'}
              extensions={extensions}
              onChange={(query) => onChange({ ...body, query })}
            />
          </div>
          <div className="graphql-lower">
            <div className="code-area graphql-variables">
              <div className="code-toolbar">
                <span>Variables (JSON)</span>
              </div>
              <CodeEditor
                multiline
                language="json"
                label="GraphQL variables"
                value={body.variables}
                scope={scope}
                placeholder={'{\n  "id": "{{userId}}"\n}'}
                onChange={(variables) => onChange({ ...body, variables })}
              />
            </div>
            <label className="field graphql-operation">
              <span className="field-label">Operation name</span>
              <input
                className="input mono"
                value={body.operationName ?? ''}
                placeholder="Only when the query holds several operations"
                spellCheck={false}
                onChange={(event) => {
                  const { operationName: _previous, ...rest } = body;
                  const name = event.target.value;
                  onChange(name === '' ? rest : { ...rest, operationName: name });
                }}
              />
            </label>
          </div>
        </div>
        {exploring && ready !== null && <GraphqlExplorer schema={ready.schema} onClose={() => setExploring(false)} />}
      </div>
    </div>
  );
}

function SchemaStatus({ schema }: { schema: SchemaState }) {
  switch (schema.state) {
    case 'loading':
      return (
        <span className="muted" role="status">
          Fetching the schema…
        </span>
      );
    case 'ready': {
      const types = Object.keys(schema.schema.getTypeMap()).filter((name) => !name.startsWith('__')).length;
      const at = new Date(schema.fetchedAt).toLocaleTimeString();
      return (
        <span className="json-valid" role="status">
          Schema: {types} types, fetched {at}
        </span>
      );
    }
    case 'failed':
      return (
        <span className="json-invalid" role="status" title={schema.message}>
          No schema: {schema.message}
        </span>
      );
  }
}
