import { syntaxHighlighting } from '@codemirror/language';
import { tagHighlighter, tags } from '@lezer/highlight';

/**
 * Syntax colours as classes, so the stylesheet's light and dark tokens colour them (the same tokens as the
 * response viewer's), instead of a theme of fixed colours that would need a copy for each scheme.
 */
export const syntaxColours = syntaxHighlighting(
  tagHighlighter([
    { tag: [tags.propertyName, tags.attributeName], class: 'tok-key' },
    { tag: [tags.string, tags.attributeValue], class: 'tok-string' },
    { tag: tags.number, class: 'tok-number' },
    {
      tag: [tags.bool, tags.null, tags.atom, tags.keyword, tags.definitionKeyword, tags.modifier],
      class: 'tok-literal',
    },
    { tag: [tags.tagName, tags.typeName, tags.angleBracket], class: 'tok-tag' },
    { tag: [tags.variableName, tags.special(tags.variableName)], class: 'tok-variable' },
    { tag: [tags.comment, tags.lineComment, tags.blockComment], class: 'tok-comment' },
    { tag: tags.invalid, class: 'tok-invalid' },
  ]),
);
