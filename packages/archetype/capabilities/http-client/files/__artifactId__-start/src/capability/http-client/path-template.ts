/** A path parameter's value; numbers are written in decimal. */
export type PathParameterValue = string | number;

const PARAMETER_SEGMENT = /^:([A-Za-z_$][\w$]*)$/;

/** The names of `:name` parameters of a path template such as `/sys-users/:id/roles`, at the type level. */
export type PathParameterNames<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? SegmentParameter<Head> | PathParameterNames<Tail>
  : SegmentParameter<Path>;

type SegmentParameter<Segment extends string> = Segment extends `:${infer Name}` ? Name : never;

/**
 * The parameter names of a path template, checking its form: it starts with `/`, and a parameter is a whole
 * segment `:name` (so `/files/:name.json` is refused rather than read as a parameter called `name.json`).
 */
export function pathParameterNames(template: string): string[] {
  if (!template.startsWith('/')) throw new TypeError(`path "${template}" must start with "/"`);
  const names: string[] = [];
  for (const segment of template.split('/')) {
    if (!segment.includes(':')) continue;
    const name = PARAMETER_SEGMENT.exec(segment)?.[1];
    if (name === undefined) {
      throw new TypeError(`path "${template}": "${segment}" must be a whole segment ":name" (letters, digits, _ or $)`);
    }
    names.push(name);
  }
  return names;
}

/**
 * One parameter value as one path segment. Every character that could end the segment (`/`, `?`, `#`) is
 * percent-encoded; the values a URL parser would resolve away (``, `.`, `..`) cannot be a segment at all.
 */
function encodeSegment(name: string, value: PathParameterValue): string {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`path parameter "${name}" is ${value}; give a finite number or a string`);
  }
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new TypeError(`path parameter "${name}" is "${text}", which cannot be a path segment`);
  }
  try {
    return encodeURIComponent(text);
  } catch {
    throw new TypeError(`path parameter "${name}" is not well-formed Unicode (it holds a lone surrogate)`);
  }
}

/** `/sys-users/:id` with `{id: 7}` → `/sys-users/7`; each value is encoded so it stays one segment. */
export function expandPath(template: string, parameters: Readonly<Record<string, PathParameterValue>>): string {
  pathParameterNames(template);
  return template
    .split('/')
    .map((segment) => {
      const name = PARAMETER_SEGMENT.exec(segment)?.[1];
      if (name === undefined) return segment;
      const value = Object.hasOwn(parameters, name) ? parameters[name] : undefined;
      if (value === undefined) throw new TypeError(`path parameter "${name}" is missing`);
      return encodeSegment(name, value);
    })
    .join('/');
}
