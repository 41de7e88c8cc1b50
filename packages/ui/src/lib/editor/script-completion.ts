import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { SCRIPT_API, SCRIPT_GLOBALS, type ScriptMember } from './script-api.js';

/** A dotted name being typed: `pm.environment.se`, `bru.`, `expe`. */
const DOTTED = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.?[\w$]*$/;
const IDENTIFIER = /^[\w$]*$/;
/** Where a name is words, not code. */
const NOT_CODE = new Set(['String', 'TemplateString', 'LineComment', 'BlockComment', 'RegExp']);

function completion(member: ScriptMember): Completion {
  return {
    label: member.name,
    type: member.kind === 'function' ? 'function' : member.kind === 'object' ? 'namespace' : 'property',
    detail: member.detail,
    info: member.doc,
    boost: member.kind === 'function' ? 0 : 1,
  };
}

/**
 * Completes the scripting APIs of Postman (`pm.`), Bruno (`bru.`, `req.`, `res.`), `expect`, `test` and
 * `console`, member by member after each dot, with the call's signature and what it does; a bare name is
 * offered once a letter is typed (or on Ctrl+Space). Nothing inside strings and comments.
 */
export function scriptCompletions(context: CompletionContext): CompletionResult | null {
  const typed = context.matchBefore(DOTTED);
  if (typed === null) return context.explicit ? globals(context.pos) : null;
  const node = syntaxTree(context.state).resolveInner(context.pos, -1);
  if (NOT_CODE.has(node.name)) return null;
  const dot = typed.text.lastIndexOf('.');
  if (dot === -1) {
    // A member of something else (`foo.pm`) is not the global.
    if (context.state.sliceDoc(typed.from - 1, typed.from) === '.') return null;
    return globals(typed.from);
  }
  const members = SCRIPT_API[typed.text.slice(0, dot)];
  if (members === undefined) return null;
  return { from: typed.from + dot + 1, options: members.map(completion), validFor: IDENTIFIER };
}

function globals(from: number): CompletionResult {
  return { from, options: SCRIPT_GLOBALS.map(completion), validFor: IDENTIFIER };
}
