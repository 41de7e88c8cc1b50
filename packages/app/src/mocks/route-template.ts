/** One segment of an endpoint's path, as a mock matches it against a request's. */
type PathSegment =
  | { kind: 'literal'; text: string }
  /** `{id}`, `:id` or `{{id}}`: any one non-empty segment. */
  | { kind: 'param'; name: string }
  /** A segment with a parameter inside it, like `{id}.json` or `v{{version}}`. */
  | { kind: 'pattern'; regex: RegExp; names: string[] };

export interface PathTemplate {
  /** The path as the mock names it in its answers and log: `/items/{itemId}`. */
  display: string;
  segments: PathSegment[];
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}|\{([^{}/]+)\}/g;
const WHOLE_PARAM = /^(?:\{\{\s*([^{}]+?)\s*\}\}|\{([^{}/]+)\}|:([A-Za-z_$][\w$.-]*))$/;
const BASE_URL_PREFIX = /^\{\{\s*base_url\s*\}\}/i;
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** A segment as a request writes it, percent-decoding undone; text that is not valid encoding stays as it came. */
function decodeSegment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function toSegment(text: string): PathSegment {
  const whole = WHOLE_PARAM.exec(text);
  if (whole !== null) return { kind: 'param', name: (whole[1] ?? whole[2] ?? whole[3] ?? '').trim() };
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    source += escapeRegex(decodeSegment(text.slice(last, match.index)));
    source += '(.+?)';
    names.push((match[1] ?? match[2] ?? '').trim());
    last = match.index + match[0].length;
  }
  if (names.length === 0) return { kind: 'literal', text: decodeSegment(text) };
  source += escapeRegex(decodeSegment(text.slice(last)));
  return { kind: 'pattern', regex: new RegExp(`^${source}$`), names };
}

function startsWithBase(path: string, base: string): boolean {
  const next = path.charAt(base.length);
  return path.toLowerCase().startsWith(base.toLowerCase()) && (next === '' || next === '/');
}

/**
 * The path an endpoint answers on, without what stands for the API's host: `{{base_url}}`, the project's
 * `base_url` value (an OpenAPI server with a base path included), a whole URL's origin, or a leading `{{host}}`.
 * The query and fragment go too: a mock routes on the path alone.
 */
export function mockedPath(path: string, baseUrl: string | null): string {
  let rest = path.trim().replace(/[?#].*$/s, '');
  const base = baseUrl?.trim().replace(/\/+$/, '') ?? '';
  if (BASE_URL_PREFIX.test(rest)) rest = rest.replace(BASE_URL_PREFIX, '');
  else if (base !== '' && startsWithBase(rest, base)) rest = rest.slice(base.length);
  else if (ORIGIN.test(rest)) rest = rest.replace(ORIGIN, '');
  else if (rest.startsWith('{{')) {
    const slash = rest.indexOf('/');
    rest = slash === -1 ? '' : rest.slice(slash);
  }
  if (!rest.startsWith('/')) rest = `/${rest}`;
  return rest.length > 1 ? rest.replace(/\/+$/, '') || '/' : rest;
}

/** Compiles an endpoint's path (see `mockedPath`) for matching. */
export function compileTemplate(path: string, baseUrl: string | null): PathTemplate {
  const display = mockedPath(path, baseUrl);
  const segments = display === '/' ? [] : display.slice(1).split('/').map(toSegment);
  return { display, segments };
}

/** A request's path as segments to match: decoded, without the query and without a trailing slash. */
export function requestSegments(pathname: string): string[] {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/').map(decodeSegment);
}

/** The template's parameters taken from the request's segments, or null when the request's path is another. */
export function matchTemplate(template: PathTemplate, segments: readonly string[]): Record<string, string> | null {
  if (template.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of template.segments.entries()) {
    const text = segments[index] ?? '';
    if (segment.kind === 'literal') {
      if (segment.text !== text) return null;
    } else if (segment.kind === 'param') {
      if (text === '') return null;
      params[segment.name] = text;
    } else {
      const found = segment.regex.exec(text);
      if (found === null) return null;
      for (const [place, name] of segment.names.entries()) params[name] = found[place + 1] ?? '';
    }
  }
  return params;
}

const RANK = { literal: 0, pattern: 1, param: 2 } as const;

/**
 * Orders templates most specific first: at the first segment where they differ in kind, a literal beats a segment
 * with a parameter inside, which beats a whole parameter (`/items/featured` before `/items/{id}`).
 */
export function compareSpecificity(left: PathTemplate, right: PathTemplate): number {
  const length = Math.min(left.segments.length, right.segments.length);
  for (let index = 0; index < length; index++) {
    const difference = RANK[left.segments[index]?.kind ?? 'param'] - RANK[right.segments[index]?.kind ?? 'param'];
    if (difference !== 0) return difference;
  }
  return right.segments.length - left.segments.length;
}

/** What makes two templates the same route: `/items/{id}` and `/items/:itemId` both are `/items/{}`. */
export function templateKey(template: PathTemplate): string {
  return template.segments
    .map((segment) =>
      segment.kind === 'literal'
        ? `/${encodeURIComponent(segment.text)}`
        : segment.kind === 'param'
          ? '/{}'
          : `/${segment.regex.source.replace(/\(\.\+\?\)/g, '{}')}`,
    )
    .join('');
}
