import { type Diagnostic, linter } from '@codemirror/lint';
import { findJsonProblem, lineAndColumn } from './template-json.js';

/** The problem a JSON body has, as the editor marks it; a blank body is no body, not a mistake. */
export function jsonDiagnostics(text: string): Diagnostic[] {
  if (text.trim() === '') return [];
  const problem = findJsonProblem(text);
  if (problem === null) return [];
  const { line, column } = lineAndColumn(text, problem.from);
  return [
    {
      from: problem.from,
      to: problem.to,
      severity: 'error',
      message: `${problem.message} (line ${line}, column ${column})`,
    },
  ];
}

/** JSON lint that takes `{{variables}}` for values. */
export const jsonLint = linter((view) => jsonDiagnostics(view.state.doc.toString()), { delay: 250 });
