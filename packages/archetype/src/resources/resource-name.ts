import { ArchetypeError } from '../archetype-error.js';
import { RESERVED_WORDS } from './reserved-words.js';

/** Every spelling of a resource's name the generated code uses, from one kebab-case name such as `order-item`. */
export interface ResourceName {
  /** `order-item`: folders and file names. */
  readonly kebab: string;
  /** `OrderItem`: classes, interfaces and types. */
  readonly pascal: string;
  /** `orderItem`: functions and variables. */
  readonly camel: string;
  /** `ORDER_ITEM`: constants. */
  readonly constant: string;
  /** `order_item`: the table. */
  readonly table: string;
  /** `order-items`: the route, `/order-items`. */
  readonly plural: string;
  /** `orderItems`: the variable holding the service or gateway of them. */
  readonly pluralCamel: string;
  /** `order item`: messages and summaries. */
  readonly words: string;
}

/** Long enough for any real name, short enough that generated lines stay within the formatter's width. */
export const RESOURCE_NAME_MAX_LENGTH = 16;
const RESOURCE_NAME = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*$/;

/**
 * Names the project already uses for folders, modules or classes of its own, so a resource of that name would
 * collide with them (`page` with the pagination model, `database` with the infrastructure's folder, …).
 */
const TAKEN_NAMES = new Set([
  'actuator',
  'api',
  'application',
  'capability',
  'common',
  'config',
  'controller',
  'database',
  'docs',
  'domain',
  'domain-error',
  'health',
  'infrastructure',
  'metrics',
  'migration',
  'migrations',
  'observability',
  'openapi',
  'page',
  'provider',
  'start',
  'transaction',
  'vo',
  'web',
]);

/** Words whose plural no rule below gives. */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  child: 'children',
  foot: 'feet',
  goose: 'geese',
  man: 'men',
  mouse: 'mice',
  person: 'people',
  tooth: 'teeth',
  woman: 'women',
};

/**
 * English plural of the last word: `order` → `orders`, `category` → `categories`, `box` → `boxes`, `status` →
 * `statuses`, `analysis` → `analyses`, `person` → `people`. Undefined for a word that reads as a plural already
 * (`users`): the resource is named in the singular, or its plural is given.
 */
function pluralOf(word: string): string | undefined {
  const irregular = IRREGULAR_PLURALS[word];
  if (irregular) return irregular;
  if (/[^aeiou]is$/.test(word)) return `${word.slice(0, -2)}es`;
  if (/(?:ss|us|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/s$/.test(word)) return undefined;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The words of the plural: `pluralText`'s, else the rule's for the last word. */
function pluralWords(text: string, words: readonly string[], pluralText: string | undefined): string[] {
  const refuse = (why: string) => new ArchetypeError('INVALID_RESOURCE', `resource name "${text}" ${why}`);
  if (pluralText !== undefined) {
    const refusePlural = (why: string) => new ArchetypeError('INVALID_RESOURCE', `--plural "${pluralText}" ${why}`);
    if (!RESOURCE_NAME.test(pluralText)) throw refusePlural('must be kebab-case, as the name is');
    if (pluralText.length > RESOURCE_NAME_MAX_LENGTH + 4) throw refusePlural('is too long');
    if (pluralText === text) throw refusePlural('must differ from the name, which names one record');
    return pluralText.split('-');
  }
  const last = pluralOf(words.at(-1) ?? '');
  if (last === undefined) {
    throw refuse(
      `reads as a plural: name one record (e.g. ${text.replace(/s$/, '')}), or give its plural with --plural`,
    );
  }
  return [...words.slice(0, -1), last];
}

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * Reads the name of `archetype add-resource <name> [--plural <plural>]`; a name the project cannot take is an
 * `INVALID_RESOURCE` error. `plural` (kebab-case too) names the routes and collections where the English rule
 * would not.
 */
export function parseResourceName(text: string, pluralText?: string): ResourceName {
  const refuse = (why: string) => new ArchetypeError('INVALID_RESOURCE', `resource name "${text}" ${why}`);
  if (!RESOURCE_NAME.test(text)) {
    throw refuse('must be kebab-case: lower-case letters and digits, words joined by "-", starting with a letter');
  }
  if (text.length > RESOURCE_NAME_MAX_LENGTH) {
    throw refuse(`is longer than ${RESOURCE_NAME_MAX_LENGTH} characters`);
  }
  const words = text.split('-');
  const pascal = words.map(capitalized).join('');
  const camel = `${words[0]}${words.slice(1).map(capitalized).join('')}`;
  if (RESERVED_WORDS.has(camel)) throw refuse('is a reserved word in TypeScript; choose another name');
  if (TAKEN_NAMES.has(text) || text.startsWith('kysely')) {
    throw refuse('is taken by the project itself; choose another name');
  }
  const plural = pluralWords(text, words, pluralText);
  return {
    kebab: text,
    pascal,
    camel,
    constant: words.join('_').toUpperCase(),
    table: words.join('_'),
    plural: plural.join('-'),
    pluralCamel: `${plural[0]}${plural.slice(1).map(capitalized).join('')}`,
    words: words.join(' '),
  };
}
