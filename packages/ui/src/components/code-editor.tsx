import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { EditorLanguage } from '../lib/editor/languages.js';
import { editorConfig, editorSetup } from '../lib/editor/setup.js';
import { variableScope } from '../lib/editor/variable-scope.js';
import type { VariableScope } from '../lib/variables.js';

export interface CodeEditorProps {
  /** The accessible name of the text box. */
  label: string;
  value: string;
  scope: VariableScope;
  onChange: (value: string) => void;
  language?: EditorLanguage;
  /** Many lines (a body) or one (a URL, a header value). */
  multiline?: boolean;
  placeholder?: string;
  className?: string;
  /** Enter in a one-line editor. */
  onEnter?: () => void;
  /** Pasted text; return true to take it instead of the editor. `whole` is true when all the text is selected. */
  onPaste?: (text: string, whole: boolean) => boolean;
  onBlur?: () => void;
  /** More of CodeMirror for this editor (a grammar, completions), fixed for the editor's life. */
  extensions?: Extension;
}

/** Marks the editor's own copies of `value`, which are not edits to report back. */
const fromProps = Annotation.define<boolean>();

/** A CodeMirror editor, set up as every editor in the app is (lib/editor/setup.ts), kept in step with `value`. */
export function CodeEditor(props: CodeEditorProps) {
  const { label, value, scope, language = 'text', multiline = false, placeholder, className = '' } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({ scope: new Compartment(), config: new Compartment() });
  // Handlers are read when an event happens, so a new function on each render needs no reconfiguration.
  const handlers = useRef(props);
  handlers.current = props;
  // What a (re)created view starts from: this render's props.
  const latest = useRef({ value, scope, config: { label, language, placeholder } });
  latest.current = { value, scope, config: { label, language, placeholder } };
  // The text last reported through onChange: when it comes back as `value`, the view already holds it.
  const reported = useRef(value);

  useEffect(() => {
    const parent = host.current;
    if (parent === null) return;
    const { scope: scopeCompartment, config } = compartments.current;
    const created = new EditorView({
      parent,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          editorSetup(multiline, () => handlers.current.onEnter?.()),
          handlers.current.extensions ?? [],
          scopeCompartment.of(variableScope.of(latest.current.scope)),
          config.of(editorConfig(latest.current.config)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.every((tr) => tr.annotation(fromProps) === true)) return;
            reported.current = update.state.doc.toString();
            handlers.current.onChange(reported.current);
          }),
          EditorView.domEventHandlers({
            paste(event, target) {
              const text = event.clipboardData?.getData('text') ?? '';
              const { from, to } = target.state.selection.main;
              const whole = from === 0 && to === target.state.doc.length;
              if (handlers.current.onPaste?.(text, whole) !== true) return false;
              event.preventDefault();
              return true;
            },
            blur() {
              handlers.current.onBlur?.();
            },
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, [multiline]);

  useEffect(() => {
    const current = view.current;
    if (current === null || value === reported.current || current.state.doc.toString() === value) return;
    reported.current = value;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: value },
      annotations: fromProps.of(true),
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.scope.reconfigure(variableScope.of(scope)) });
  }, [scope]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.config.reconfigure(editorConfig({ label, language, placeholder })),
    });
  }, [label, language, placeholder]);

  return (
    <div
      ref={host}
      className={`code-editor ${multiline ? 'code-editor-multiline' : 'code-editor-line'} ${className}`}
      data-language={language}
    />
  );
}
