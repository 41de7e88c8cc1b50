import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { scriptCompletions } from './script-completion.js';

/** The completions at the end of `doc` (or at the `|` in it), in a JavaScript editor. */
function complete(text: string, explicit = false): CompletionResult | null {
  const at = text.includes('|') ? text.indexOf('|') : text.length;
  const doc = text.replace('|', '');
  const state = EditorState.create({ doc, extensions: javascript() });
  ensureSyntaxTree(state, doc.length, 5000);
  return scriptCompletions(new CompletionContext(state, at, explicit));
}

const labels = (result: CompletionResult | null) => result?.options.map((option) => option.label) ?? [];

describe('completion of the scripting APIs', () => {
  it('offers pm’s members after pm., with their signature and what they do', () => {
    const result = complete('pm.');
    expect(labels(result)).toEqual(
      expect.arrayContaining(['test', 'expect', 'response', 'environment', 'sendRequest']),
    );
    expect(result?.from).toBe(3);
    const test = result?.options.find((option) => option.label === 'test');
    expect(test).toMatchObject({ type: 'function', detail: 'test(name, fn)' });
    expect(String(test?.info)).toContain('passes when fn returns without throwing');
  });

  it('goes member by member down a path, from where the last name starts', () => {
    const result = complete('const token = pm.environment.se');
    expect(labels(result)).toEqual(expect.arrayContaining(['get', 'set', 'unset']));
    expect(result?.from).toBe('const token = pm.environment.'.length);
    expect(labels(complete('pm.response.to.have.'))).toEqual(['status', 'header', 'body', 'jsonBody']);
    expect(labels(complete('bru.runner.'))).toContain('skipRequest');
    expect(labels(complete('res.'))).toContain('getBody');
    expect(labels(complete('req.'))).toContain('setHeader');
  });

  it('offers the names a script starts with once one is being typed', () => {
    expect(labels(complete('ex'))).toEqual(['pm', 'bru', 'req', 'res', 'test', 'expect', 'console']);
    expect(complete('', false)).toBeNull();
    expect(labels(complete('', true))).toContain('pm');
  });

  it('offers nothing inside strings and comments, after unknown objects, or for a member named like a global', () => {
    expect(complete("const a = 'pm.")).toBeNull();
    expect(complete('// pm.')).toBeNull();
    expect(complete('foo.')).toBeNull();
    expect(complete('foo.pm')).toBeNull();
  });
});
