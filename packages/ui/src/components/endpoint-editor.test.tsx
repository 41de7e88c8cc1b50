import { DEFAULT_REQUEST_SETTINGS, type EndpointDraft } from '@client/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EditorDraft } from '../lib/draft.js';
import { isDraftChanged } from '../lib/draft.js';
import { editorText, replaceEditorText } from '../lib/editor/testing.js';
import { mergeVariables } from '../lib/variables.js';
import { EndpointEditor } from './endpoint-editor.js';

afterEach(cleanup);

const saved: EditorDraft = {
  name: 'Get user',
  method: 'GET',
  path: '/users/{{userId}}',
  queryParams: [],
  headers: [],
  body: { mode: 'json', text: '{"a": 1}' },
  auth: { type: 'none' },
  state: 'Designing',
  folderId: null,
};

const scope = mergeVariables(
  [
    { key: 'base_url', value: 'https://api.example.com' },
    { key: 'userId', value: '1' },
  ],
  [
    { key: 'userId', value: '99', secret: false },
    { key: 'token', value: '', secret: true },
  ],
);

/** The editor as the workspace uses it: the draft lives in the parent, and the last one is exposed. */
function Harness({ initial = saved, onDraft }: { initial?: EditorDraft; onDraft?: (draft: EndpointDraft) => void }) {
  const [draft, setDraft] = useState(initial);
  return (
    <EndpointEditor
      draft={draft}
      changed={isDraftChanged(saved, draft)}
      saving={false}
      scope={scope}
      authPlace={{ projectId: 'p1', environmentId: null, folderId: null }}
      projectSettings={DEFAULT_REQUEST_SETTINGS}
      response={{ kind: 'idle' }}
      onChange={(next) => {
        setDraft(next);
        onDraft?.(next);
      }}
      onSave={() => undefined}
      onSend={() => undefined}
      onCancel={() => undefined}
      onCopyAs={() => undefined}
      onNotice={() => undefined}
      onPasteCurl={() => undefined}
      onManageCookies={() => undefined}
    />
  );
}

describe('EndpointEditor', () => {
  it('resolves the URL with the environment winning over the project, and marks unknown variables', () => {
    render(<Harness initial={{ ...saved, path: '/users/{{userId}}/{{nope}}' }} />);
    expect(screen.getByTestId('resolved-url').textContent).toContain('https://api.example.com/users/99/{{nope}}');
    expect(screen.getByTestId('resolved-url').textContent).toContain('not defined: {{nope}}');
    const missing = document.querySelector('.url-input .cm-var-missing');
    expect(missing?.textContent).toBe('{{nope}}');
    expect(document.querySelector('.url-input .cm-var:not(.cm-var-missing)')?.textContent).toBe('{{userId}}');
  });

  it('shows the unsaved marker and enables Save only once something changed', () => {
    render(<Harness />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.queryByRole('img', { name: 'Unsaved changes' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Endpoint name'), { target: { value: 'Get one user' } });
    expect(screen.getByRole('img', { name: 'Unsaved changes' })).toBeTruthy();
    expect(save).toHaveProperty('disabled', false);
  });

  it('turns a query typed in the URL into query params, and back when a param is edited', () => {
    let last: EndpointDraft | undefined;
    render(<Harness onDraft={(draft) => (last = draft)} />);
    const url = screen.getByLabelText('URL path');
    act(() => replaceEditorText(url, '/users/{{userId}}?page=2&sort='));
    expect(last?.path).toBe('/users/{{userId}}');
    expect(last?.queryParams).toEqual([
      { key: 'page', value: '2' },
      // `sort=` keeps its `=`, as typed: some servers tell it from a bare `sort`.
      { key: 'sort', value: '', equals: true },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: /Params/ }));
    act(() => replaceEditorText(screen.getByLabelText('Query param value 1'), '3'));
    expect(editorText(url)).toBe('/users/{{userId}}?page=3&sort=');
  });

  it('keeps the body text when the body type goes from JSON to text, and sends none after None', () => {
    let last: EndpointDraft | undefined;
    render(<Harness onDraft={(draft) => (last = draft)} />);
    fireEvent.click(screen.getByRole('tab', { name: /Body/ }));
    const types = screen.getByRole('radiogroup', { name: 'Body type' });
    fireEvent.click(within(types).getByRole('radio', { name: 'Text' }));
    expect(last?.body).toEqual({ mode: 'text', text: '{"a": 1}' });
    expect(editorText(screen.getByLabelText('Text body'))).toBe('{"a": 1}');
    fireEvent.click(within(types).getByRole('radio', { name: 'None' }));
    expect(last?.body).toEqual({ mode: 'none' });
  });

  it('reports invalid JSON and formats valid JSON', () => {
    let last: EndpointDraft | undefined;
    render(<Harness onDraft={(draft) => (last = draft)} />);
    fireEvent.click(screen.getByRole('tab', { name: /Body/ }));
    act(() => replaceEditorText(screen.getByLabelText('JSON body'), '{"a": '));
    expect(screen.getByText(/^Invalid JSON/).textContent).toBe(
      'Invalid JSON: The JSON ends too early (line 1, column 7)',
    );
    act(() => replaceEditorText(screen.getByLabelText('JSON body'), '{"id": {{userId}}}'));
    expect(screen.getByText('Valid JSON')).toBeTruthy();
    act(() => replaceEditorText(screen.getByLabelText('JSON body'), '{"a":[1,2]}'));
    act(() => screen.getByRole('button', { name: 'Format' }).click());
    expect(last?.body).toEqual({ mode: 'json', text: '{\n  "a": [\n    1,\n    2\n  ]\n}' });
  });

  it('keeps assertion rows in the draft, counts the ones checked, and is unchanged again once they are gone', () => {
    let last: EndpointDraft | undefined;
    render(<Harness onDraft={(draft) => (last = draft)} />);
    const tab = screen.getByRole('tab', { name: /^Tests/ });
    expect(tab.textContent).toBe('Tests');
    fireEvent.click(tab);
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add assertion' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use assertion 2' }));
    expect(last?.tests).toEqual([
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'status', property: '', operator: 'eq', value: '200', enabled: false },
    ]);
    expect(tab.textContent).toBe('Tests1');
    expect(screen.getByRole('img', { name: 'Unsaved changes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove assertion 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove assertion 1' }));
    expect(last).not.toHaveProperty('tests');
    expect(screen.queryByRole('img', { name: 'Unsaved changes' })).toBeNull();
  });

  it('edits the scripts in a JavaScript editor, showing an imported test script, and drops scripts of nothing', async () => {
    let last: EndpointDraft | undefined;
    const imported = { from: 'postman' as const, preRequest: '', postResponse: '', tests: 'pm.test("ok", () => {});' };
    render(<Harness initial={{ ...saved, scripts: imported }} onDraft={(draft) => (last = draft)} />);
    fireEvent.click(screen.getByRole('tab', { name: /^Scripts/ }));
    const tests = await screen.findByLabelText('Tests script of the endpoint');
    expect(editorText(tests)).toBe(imported.tests);
    expect(tests.closest('.code-area')?.querySelector('.cm-editor')).toBeTruthy();
    const parts = screen.getByRole('radiogroup', { name: 'Script of the endpoint' });
    fireEvent.click(within(parts).getByRole('radio', { name: 'Pre-request' }));
    act(() =>
      replaceEditorText(screen.getByLabelText('Pre-request script of the endpoint'), 'pm.variables.set("a", 1);'),
    );
    expect(last?.scripts).toEqual({ ...imported, preRequest: 'pm.variables.set("a", 1);' });
    expect(screen.getByRole('tab', { name: /^Scripts/ }).textContent).toBe('Scripts2');
    act(() => replaceEditorText(screen.getByLabelText('Pre-request script of the endpoint'), ''));
    fireEvent.click(within(parts).getByRole('radio', { name: /Tests/ }));
    act(() => replaceEditorText(screen.getByLabelText('Tests script of the endpoint'), ''));
    expect(last).not.toHaveProperty('scripts');
  });

  it('switches auth to bearer and marks a secret variable in the token', () => {
    let last: EndpointDraft | undefined;
    render(<Harness onDraft={(draft) => (last = draft)} />);
    fireEvent.click(screen.getByRole('tab', { name: /Auth/ }));
    fireEvent.change(screen.getByLabelText('Auth type'), { target: { value: 'bearer' } });
    act(() => replaceEditorText(screen.getByLabelText('Token'), '{{token}}'));
    expect(last?.auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(document.querySelector('.auth-editor .cm-var-secret')?.textContent).toBe('{{token}}');
  });
});
