import { placeholderPattern } from '@client/core';
import type { EditorView } from '@codemirror/view';
import { Decoration, type DecorationSet, MatchDecorator, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { variableScope } from './variable-scope.js';

const DEFINED = Decoration.mark({ class: 'cm-var' });
const SECRET = Decoration.mark({ class: 'cm-var cm-var-secret' });
const MISSING = Decoration.mark({ class: 'cm-var cm-var-missing', attributes: { 'data-missing': 'true' } });

function decoratorFor(view: EditorView): MatchDecorator {
  return new MatchDecorator({
    regexp: placeholderPattern(),
    decoration: (match) => {
      const variable = view.state.facet(variableScope).get(match[1] ?? '');
      if (variable === undefined) return MISSING;
      return variable.secret ? SECRET : DEFINED;
    },
  });
}

/**
 * Colours every `{{variable}}` by what it refers to: a defined one in the accent colour, a secret in amber and
 * one nothing defines in red, so a typo shows before the request goes out. Only the lines in view are scanned.
 */
export const variableMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    readonly decorator: MatchDecorator;

    constructor(view: EditorView) {
      this.decorator = decoratorFor(view);
      this.decorations = this.decorator.createDeco(view);
    }

    update(update: ViewUpdate) {
      // A changed scope may change any placeholder's colour, so everything in view is looked at again.
      this.decorations =
        update.startState.facet(variableScope) === update.state.facet(variableScope)
          ? this.decorator.updateDeco(update, this.decorations)
          : this.decorator.createDeco(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
