import { AppError } from '../errors.js';
import { itemAt } from '../item-at.js';
import {
  type CurlOption,
  displayOption,
  findLongOption,
  findOptionByPrefix,
  findShortOption,
  type IgnoredBecause,
} from './curl-options.js';
import { ignoredOptionWarning } from './ignored-option.js';
import { shorten } from './text-position.js';
import { newWorkMeter, type WorkMeter } from './work-meter.js';

export type DataKind = 'data' | 'data-ascii' | 'data-binary' | 'data-raw' | 'data-urlencode' | 'json';

/** A value an option gave, with the index of the argument that gave it; the index orders implied headers. */
export interface Given {
  value: string;
  at: number;
}

type AuthScheme = 'basic' | 'digest' | 'ntlm' | 'ntlm-wb' | 'negotiate' | 'anyauth';

/** What the arguments of one curl command asked for, before any of it is turned into a request. */
export interface CurlArgs {
  /** Positional URLs and `--url` values, in order. */
  urls: string[];
  /** Bare HTTP method words (`curl POST https://…`), an HTTPie habit curl would read as URLs. */
  methodWords: string[];
  method: string | null;
  head: boolean;
  get: boolean;
  /** `-g`: the URL's `[]` and `{}` are not glob patterns, and a backslash before them stays. */
  globoff: boolean;
  headers: Given[];
  data: (Given & { kind: DataKind })[];
  forms: (Given & { literal: boolean })[];
  uploads: string[];
  cookies: Given[];
  cookieFiles: string[];
  userAgent: Given | null;
  referer: Given | null;
  range: Given | null;
  user: string | null;
  bearer: string | null;
  /** `--aws-sigv4`'s value: `provider1[:provider2[:region[:service]]]`. */
  awsSigv4: string | null;
  authSchemes: Set<AuthScheme>;
  urlQueries: string[];
  warnings: string[];
}

const HTTP_METHOD_WORDS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const DATA_KINDS = new Set<string>(['data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'json']);
const AUTH_SCHEMES = new Set<string>(['basic', 'digest', 'ntlm', 'ntlm-wb', 'negotiate', 'anyauth']);
/** curl reads `--name=value` only when the name is at most this long (MAX_OPTION_LEN in tool_getparam.c). */
const MAX_OPTION_NAME = 26;

const VALUE_EXAMPLES: Readonly<Record<string, string>> = {
  header: "a header after it, e.g. -H 'Accept: application/json'",
  data: "the body after it, e.g. -d 'name=Jane' or -d @body.json",
  'data-ascii': "the body after it, e.g. --data-ascii 'name=Jane'",
  'data-binary': 'the body after it, e.g. --data-binary @body.bin',
  'data-raw': `the body after it, e.g. --data-raw '{"name":"Jane"}'`,
  'data-urlencode': "a value after it, e.g. --data-urlencode 'q=hello world'",
  json: `a JSON body after it, e.g. --json '{"name":"Jane"}'`,
  request: 'a method after it, e.g. -X POST',
  user: 'credentials after it, e.g. -u alice:secret',
  cookie: "cookies after it, e.g. -b 'session=abc123'",
  'user-agent': "a user agent after it, e.g. -A 'my-client/1.0'",
  referer: 'a URL after it, e.g. -e https://example.com/',
  form: "a field after it, e.g. -F 'name=value' or -F 'file=@photo.png'",
  'form-string': "a field after it, e.g. --form-string 'name=value'",
  'upload-file': 'a file after it, e.g. -T report.pdf',
  url: 'a URL after it, e.g. --url https://api.example.com/items',
  'url-query': "a query part after it, e.g. --url-query 'q=shoes'",
  'oauth2-bearer': 'a token after it, e.g. --oauth2-bearer eyJhbGciOi…',
  range: 'a byte range after it, e.g. -r 0-499',
};

/**
 * Reads curl's arguments (everything after `curl`) as curl's getparameter does: `--name`, `--name=value`,
 * `--no-name` for on/off options, clusters of single letters (`-sSL`, `-XPOST`, `-d@file`), `--` ending the
 * options, and anything else a URL. An unknown `--option` is read as an on/off flag with a warning, so it
 * never swallows the URL that follows it.
 */
export function readCurlArgs(words: readonly string[], meter: WorkMeter = newWorkMeter()): CurlArgs {
  const args: CurlArgs = {
    urls: [],
    methodWords: [],
    method: null,
    head: false,
    get: false,
    globoff: false,
    headers: [],
    data: [],
    forms: [],
    uploads: [],
    cookies: [],
    cookieFiles: [],
    userAgent: null,
    referer: null,
    range: null,
    user: null,
    bearer: null,
    awsSigv4: null,
    authSchemes: new Set(),
    urlQueries: [],
    warnings: [],
  };
  const reader = new ArgReader(words, args, meter);
  reader.run();
  return args;
}

class ArgReader {
  private i = 0;
  private stopped = false;

  constructor(
    private readonly words: readonly string[],
    private readonly args: CurlArgs,
    private readonly meter: WorkMeter,
  ) {}

  run(): void {
    let optionsEnded = false;
    while (this.i < this.words.length && !this.stopped) {
      this.meter.steps++;
      const word = itemAt(this.words, this.i);
      if (!optionsEnded && word === '--') {
        optionsEnded = true;
        this.i++;
      } else if (!optionsEnded && word.startsWith('--')) this.readLong(word);
      else if (!optionsEnded && word.startsWith('-') && word.length > 1) this.readShortCluster(word);
      else if (!optionsEnded && word === '-') {
        this.args.warnings.push('A lone - was ignored: curl reads it as an unknown option.');
        this.i++;
      } else {
        this.positional(word);
        this.i++;
      }
    }
  }

  private positional(word: string): void {
    if (HTTP_METHOD_WORDS.has(word)) this.args.methodWords.push(word);
    else this.args.urls.push(word);
  }

  private readLong(word: string): void {
    const at = this.i;
    let body = word.slice(2);
    let toggle = true;
    let expand = false;
    if (body.startsWith('no-')) {
      body = body.slice(3);
      toggle = false;
    } else if (body.startsWith('expand-')) {
      body = body.slice(7);
      expand = true;
    }
    let name = body;
    let inline: string | undefined;
    const equals = body.indexOf('=');
    if (equals >= 0 && equals <= MAX_OPTION_NAME) {
      name = body.slice(0, equals);
      inline = body.slice(equals + 1);
    }
    let option = findLongOption(name);
    if (option === undefined) {
      option = findOptionByPrefix(name);
      if (option !== undefined) {
        this.args.warnings.push(
          `--${shorten(name)} was read as --${option.long}: curl 7 accepted abbreviated options, current curl does not.`,
        );
      }
    }
    if (option === undefined) {
      this.args.warnings.push(
        `--${shorten(name)} is not a curl option; it was ignored (read as an on/off flag, so it takes no value).`,
      );
      this.i++;
      return;
    }
    if (!toggle && option.value) {
      this.args.warnings.push(`--no-${option.long} was ignored: only on/off options take the no- prefix.`);
      this.i++;
      return;
    }
    if (!option.value) {
      this.i++;
      this.applyFlag(option, toggle);
      return;
    }
    if (expand) {
      this.args.warnings.push(
        `--expand-${option.long}: curl variables in its value are not expanded; the value was kept as typed.`,
      );
    }
    const value = inline ?? this.valueAfter(option, `--${option.long}`);
    this.i += inline === undefined ? 2 : 1;
    this.applyValue(option, value, at);
  }

  private readShortCluster(word: string): void {
    const at = this.i;
    const letters = word.slice(1);
    const spelled = findLongOption(letters);
    if (spelled !== undefined && letters.length > 2) {
      this.args.warnings.push(
        `-${shorten(letters)} was read letter by letter, as curl does; write --${spelled.long} for the long option.`,
      );
    }
    for (let j = 0; j < letters.length; j++) {
      this.meter.steps++;
      const letter = letters.charAt(j);
      const option = findShortOption(letter);
      if (option === undefined) {
        this.args.warnings.push(`-${shorten(letter)} is not a curl option; it was ignored.`);
        continue;
      }
      if (!option.value) {
        this.applyFlag(option, true);
        if (this.stopped) break;
        continue;
      }
      const rest = letters.slice(j + 1);
      const value = rest !== '' ? rest : this.valueAfter(option, `-${letter}`);
      this.i += rest !== '' ? 1 : 2;
      this.applyValue(option, value, at);
      return;
    }
    this.i++;
  }

  private valueAfter(option: CurlOption, spelled: string): string {
    const value = this.words[this.i + 1];
    if (value !== undefined) return value;
    const needs = VALUE_EXAMPLES[option.long] ?? 'a value after it';
    throw new AppError('VALIDATION', `option ${spelled} is missing its value: it needs ${needs}`);
  }

  private applyFlag(option: CurlOption, toggle: boolean): void {
    const { args } = this;
    switch (option.long) {
      case 'head':
        args.head = toggle;
        return;
      case 'get':
        args.get = toggle;
        return;
      case 'globoff':
        args.globoff = toggle;
        return;
      case 'next':
        args.warnings.push('--next starts another request; only the first request was imported.');
        this.stopped = true;
        return;
      case 'help':
      case 'version':
      case 'manual':
      case 'dump-ca-embed':
        if (!toggle) return;
        throw new AppError(
          'VALIDATION',
          `curl ${displayOption(option)} only prints information and sends no request; send a command that ` +
            'makes a request, e.g. curl https://api.example.com/items',
        );
      default:
        if (AUTH_SCHEMES.has(option.long)) {
          if (toggle) args.authSchemes.add(option.long as AuthScheme);
          else args.authSchemes.delete(option.long as AuthScheme);
          return;
        }
        this.ignore(option, toggle);
    }
  }

  private applyValue(option: CurlOption, value: string, at: number): void {
    const { args } = this;
    const given = { value, at };
    switch (option.long) {
      case 'url':
        args.urls.push(value);
        return;
      case 'request':
        args.method = value;
        return;
      case 'header':
        args.headers.push(given);
        return;
      case 'form':
      case 'form-string':
        args.forms.push({ ...given, literal: option.long === 'form-string' });
        return;
      case 'upload-file':
        args.uploads.push(value);
        return;
      case 'cookie':
        if (value.includes('=')) args.cookies.push(given);
        else args.cookieFiles.push(value);
        return;
      case 'user-agent':
        args.userAgent = given;
        return;
      case 'referer':
        args.referer = given;
        return;
      case 'range':
        args.range = given;
        return;
      case 'user':
        args.user = value;
        return;
      case 'oauth2-bearer':
        args.bearer = value;
        return;
      case 'aws-sigv4':
        args.awsSigv4 = value;
        return;
      case 'url-query':
        args.urlQueries.push(value);
        return;
      default:
        if (DATA_KINDS.has(option.long)) {
          args.data.push({ ...given, kind: option.long as DataKind });
          return;
        }
        this.ignore(option, true);
    }
  }

  private ignore(option: CurlOption, toggle: boolean): void {
    if (!toggle || option.use === 'request' || option.use === 'output' || option.use === 'inert') return;
    this.args.warnings.push(ignoredOptionWarning(option, option.use as IgnoredBecause));
  }
}
