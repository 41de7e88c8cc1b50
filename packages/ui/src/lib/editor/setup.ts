import {
  autocompletion,
  type CompletionContext,
  type CompletionResult,
  closeBrackets,
  closeBracketsKeymap,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { type Extension, Facet } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  type KeyBinding,
  keymap,
  lineNumbers,
  placeholder,
} from '@codemirror/view';
import { syntaxColours } from './highlight.js';
import { type EditorLanguage, languageSupport } from './languages.js';
import { singleLine } from './single-line.js';
import { editorTheme } from './theme.js';
import { variableCompletions } from './variable-completion.js';
import { variableHover } from './variable-hover.js';
import { variableMarks } from './variable-marks.js';

/**
 * Ctrl/Cmd+Enter sends the request and Ctrl/Cmd+S saves it from anywhere in the app, editors included, so the
 * editor keeps its hands off them (CodeMirror would insert a blank line on Mod-Enter).
 */
const appKeys = new Set(['Mod-Enter', 'Mod-s']);
const editingKeys: readonly KeyBinding[] = [...defaultKeymap, ...historyKeymap].filter(
  (binding) => binding.key === undefined || !appKeys.has(binding.key),
);

/** A completion source an editor adds to the variables' own (a script editor's scripting API). */
export const moreCompletions = Facet.define<(context: CompletionContext) => CompletionResult | null>();

function addedCompletions(context: CompletionContext): CompletionResult | null {
  for (const source of context.state.facet(moreCompletions)) {
    const result = source(context);
    if (result !== null) return result;
  }
  return null;
}

/** What every editor has, one line or many: variables coloured, completed after `{{` and explained on hover. */
const common: Extension = [
  history(),
  highlightSpecialChars(),
  syntaxColours,
  variableMarks,
  variableHover,
  autocompletion({ override: [variableCompletions, addedCompletions], icons: false }),
  editorTheme,
];

/**
 * The one setup every editor in the app is built from. `multiline` is a code editor (line numbers, folding,
 * Tab indents; Escape then Tab leaves it); otherwise a one-line field whose Enter calls `onEnter`.
 */
export function editorSetup(multiline: boolean, onEnter: () => void = () => undefined): Extension {
  if (!multiline) return [common, singleLine(onEnter), keymap.of(editingKeys)];
  return [
    common,
    lineNumbers(),
    foldGutter(),
    bracketMatching(),
    highlightActiveLine(),
    highlightActiveLineGutter(),
    indentOnInput(),
    closeBrackets(),
    EditorView.lineWrapping,
    keymap.of([...closeBracketsKeymap, ...editingKeys, ...foldKeymap, ...lintKeymap, indentWithTab]),
  ];
}

/** The parts an editor may change while it is open: its language, its accessible name and its placeholder. */
export function editorConfig(options: { label: string; language: EditorLanguage; placeholder?: string }): Extension {
  return [
    languageSupport(options.language),
    EditorView.contentAttributes.of({ 'aria-label': options.label }),
    options.placeholder === undefined ? [] : placeholder(options.placeholder),
  ];
}
