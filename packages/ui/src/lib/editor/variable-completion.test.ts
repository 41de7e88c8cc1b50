import { autocompletion, CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeVariables } from '../variables.js';
import { variableCompletions } from './variable-completion.js';
import { placeholderAt, variableScope } from './variable-scope.js';

const scope = mergeVariables(
  [
    { key: 'base_url', value: 'https://api.example.com' },
    { key: 'users', value: '{{base_url}}/users' },
    { key: 'user_id', value: '1' },
  ],
  [
    { key: 'user_id', value: '42', secret: false },
    { key: 'token', value: 's3cr3t', secret: true },
  ],
);

function complete(doc: string, explicit = false): CompletionResult | null {
  const state = EditorState.create({ doc, extensions: variableScope.of(scope) });
  return variableCompletions(new CompletionContext(state, doc.length, explicit)) as CompletionResult | null;
}

let views: EditorView[] = [];
afterEach(() => {
  for (const view of views) view.destroy();
  views = [];
});

/** Picks `name` from the completions at the end of `doc`, as clicking it in the list would. */
function pick(doc: string, name: string, after = ''): string {
  const view = new EditorView({
    state: EditorState.create({
      doc: doc + after,
      selection: { anchor: doc.length },
      extensions: variableScope.of(scope),
    }),
  });
  views.push(view);
  const result = complete(doc);
  const option = result?.options.find((candidate) => candidate.label === name);
  if (result === null || option === undefined || typeof option.apply !== 'function') throw new Error(`no ${name}`);
  option.apply(view, option, result.from, doc.length);
  return view.state.doc.toString();
}

describe('variableCompletions', () => {
  it('offers every variable in scope once {{ is typed, with where it comes from and its value', () => {
    const result = complete('/users/{{');
    expect(result?.from).toBe('/users/{{'.length);
    expect(result?.options.map((option) => [option.label, option.detail, option.info])).toEqual([
      ['base_url', 'project', 'https://api.example.com'],
      ['token', 'environment', '••••'],
      ['user_id', 'environment', '42'],
      ['users', 'project', 'https://api.example.com/users'],
    ]);
  });

  it('starts the match after the braces and any spaces, so the typed part filters the list', () => {
    expect(complete('{{ us')?.from).toBe(3);
    expect(complete('{"id": {{user')?.from).toBe(9);
  });

  it('stays quiet outside a placeholder, and after one is closed', () => {
    expect(complete('/users/')).toBeNull();
    expect(complete('/users/{')).toBeNull();
    expect(complete('{{user_id}}')).toBeNull();
    expect(complete('{{user id')).toBeNull();
  });

  it('writes the name and closes the placeholder, without doubling braces already there', () => {
    expect(pick('/users/{{', 'user_id')).toBe('/users/{{user_id}}');
    expect(pick('/users/{{us', 'user_id')).toBe('/users/{{user_id}}');
    expect(pick('{"id": {{', 'user_id', '}}}')).toBe('{"id": {{user_id}}}');
  });

  it('runs inside a real editor: {{ typed opens the list', async () => {
    const parent = document.body.appendChild(document.createElement('div'));
    const view = new EditorView({
      parent,
      state: EditorState.create({
        extensions: [variableScope.of(scope), autocompletion({ override: [variableCompletions] })],
      }),
    });
    views.push(view);
    view.dispatch({ changes: { from: 0, insert: '{{' }, selection: { anchor: 2 }, userEvent: 'input.type' });
    // The list opens once the completion source has answered.
    const labels = () => [...parent.querySelectorAll('.cm-completionLabel')].map((label) => label.textContent);
    await expect.poll(labels).toEqual(['base_url', 'token', 'user_id', 'users']);
  });
});

describe('placeholderAt', () => {
  const state = EditorState.create({ doc: 'a {{ x }} b\n{{y}}' });

  it('finds the placeholder under a position, its braces included', () => {
    expect(placeholderAt(state, 2)).toEqual({ from: 2, to: 9, name: 'x' });
    expect(placeholderAt(state, 9)).toEqual({ from: 2, to: 9, name: 'x' });
    expect(placeholderAt(state, 13)).toEqual({ from: 12, to: 17, name: 'y' });
  });

  it('finds nothing beside one', () => {
    expect(placeholderAt(state, 0)).toBeNull();
    expect(placeholderAt(state, 11)).toBeNull();
  });
});
