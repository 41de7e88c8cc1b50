import { placeholderPattern } from '@client/core';
import { jsonLanguage } from '@codemirror/lang-json';
import { Language, LanguageSupport } from '@codemirror/language';
import { type Input, Parser, type PartialParse, type TreeFragment } from '@lezer/common';

/** Past this size a body is parsed as it is: masking copies the whole text on every edit. */
const MASK_LIMIT = 1 << 20;
/** Chunks handed to the parser, so it never copies the rest of a long text to read a little of it. */
const CHUNK = 4096;

/** Each `{{name}}` becomes a number of the same length (`10000…`), which JSON takes for a value. */
export function maskPlaceholders(text: string): string {
  return text.replace(placeholderPattern(), (whole) => `1${'0'.repeat(whole.length - 1)}`);
}

function maskedInput(input: Input): Input {
  const text = maskPlaceholders(input.read(0, input.length));
  return {
    length: text.length,
    lineChunks: false,
    chunk: (from) => text.slice(from, from + CHUNK),
    read: (from, to) => text.slice(from, to),
  };
}

/**
 * The JSON grammar reading `{{variables}}` as values. The stock grammar sees `{"id": {{user_id}}}` as an object
 * that ends early, which breaks folding, bracket matching and colours after it; offsets are unchanged, so the
 * tree fits the real text.
 */
class TemplateJsonParser extends Parser {
  override createParse(
    input: Input,
    fragments: readonly TreeFragment[],
    ranges: readonly { from: number; to: number }[],
  ): PartialParse {
    const read = input.length > MASK_LIMIT ? input : maskedInput(input);
    return jsonLanguage.parser.startParse(read, fragments, ranges);
  }
}

const templateJsonLanguage = new Language(jsonLanguage.data, new TemplateJsonParser(), [], 'json');

export function templateJson(): LanguageSupport {
  return new LanguageSupport(templateJsonLanguage);
}
