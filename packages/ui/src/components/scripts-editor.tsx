import type { EndpointScripts } from '@client/core';
import { javascript } from '@codemirror/lang-javascript';
import { useState } from 'react';
import { scriptCompletions } from '../lib/editor/script-completion.js';
import { moreCompletions } from '../lib/editor/setup.js';
import { CLIENT_NAMES, SCRIPT_PART_LABELS, type ScriptPart, shownParts, withScriptPart } from '../lib/script-parts.js';
import type { VariableScope } from '../lib/variables.js';
import { CodeEditor } from './code-editor.js';

/** JavaScript, with the scripting APIs completed: made once, shared by every script editor. */
const SCRIPT_LANGUAGE = [javascript(), moreCompletions.of(scriptCompletions)];

const PLACEHOLDERS: Record<ScriptPart, string> = {
  preRequest: "pm.environment.set('requestedAt', Date.now());",
  postResponse:
    "pm.test('answers 200', () => {\n  pm.response.to.have.status(200);\n});\npm.environment.set('token', pm.response.json().token);",
  tests: "pm.test('has an id', () => {\n  pm.expect(pm.response.json()).to.have.property('id');\n});",
};

const WHEN: Record<ScriptPart, string> = {
  preRequest: 'Runs before the request is sent: set variables, change the request.',
  postResponse: 'Runs after the response arrives: test it with pm.test, keep values for the next request.',
  tests: 'Runs after the post-response script (Postman’s test script).',
};

interface ScriptsEditorProps {
  scripts: EndpointScripts | undefined;
  onChange: (scripts: EndpointScripts | undefined) => void;
  scope: VariableScope;
  /** Whose scripts: words for the editors' names and the hint ("endpoint", "folder Orders", "project"). */
  owner: string;
}

/**
 * The scripts of an endpoint, a folder or the project, one part at a time: before the request, after the
 * response, and the test script when one was imported. JavaScript, with `pm.`/`bru.` completion; the scripts run
 * in the app's sandbox, the project's first, then each folder's, then the endpoint's.
 */
export function ScriptsEditor({ scripts, onChange, scope, owner }: ScriptsEditorProps) {
  const [part, setPart] = useState<ScriptPart>(
    scripts !== undefined && scripts.preRequest === '' && scripts.postResponse === '' && scripts.tests !== ''
      ? 'tests'
      : 'preRequest',
  );
  const parts = shownParts(scripts, part);
  return (
    <div className="scripts-editor">
      <div className="scripts-bar">
        <div className="segmented" role="radiogroup" aria-label={`Script of the ${owner}`}>
          {parts.map((shown) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
            <button
              type="button"
              role="radio"
              aria-checked={part === shown}
              key={shown}
              className={part === shown ? 'segment segment-active' : 'segment'}
              onClick={() => setPart(shown)}
            >
              {SCRIPT_PART_LABELS[shown]}
              {scripts !== undefined && scripts[shown] !== '' && (
                <span className="script-filled" role="img" aria-label="written">
                  •
                </span>
              )}
            </button>
          ))}
        </div>
        <span className="field-hint">
          {WHEN[part]}
          {scripts !== undefined && scripts.from !== 'postman' && ` Written for ${CLIENT_NAMES[scripts.from]}.`}
        </span>
      </div>
      <div className="code-area script-area">
        <CodeEditor
          key={part}
          multiline
          label={`${SCRIPT_PART_LABELS[part]} script of the ${owner}`}
          className="script-editor"
          value={scripts?.[part] ?? ''}
          scope={scope}
          placeholder={PLACEHOLDERS[part]}
          extensions={SCRIPT_LANGUAGE}
          onChange={(text) => onChange(withScriptPart(scripts, part, text))}
        />
      </div>
    </div>
  );
}
