import { DistributedLockError } from './distributed-lock-error.js';

const SOURCES = ['params', 'query', 'body', 'headers'] as const;
type Source = (typeof SOURCES)[number];

/** The parts of a request a key template may read; a Fastify request is one. */
export type LockKeyRequest = { readonly [source in Source]: unknown };

/** Keeps a key (and the Redis memory it takes) bounded whatever a client sends. */
export const MAX_LOCK_KEY_LENGTH = 512;

const PLACEHOLDER = /\{([^{}]*)\}/g;
const REFERENCE = /^(params|query|body|headers)((?:\.[\w$-]+)+)$/;

interface Reference {
  readonly text: string;
  readonly source: Source;
  readonly path: readonly string[];
}

type Part = string | Reference;

function templateError(template: string, problem: string): DistributedLockError {
  return new DistributedLockError('LOCK_KEY_TEMPLATE', `lock key template "${template}": ${problem}`);
}

function literal(template: string, text: string): string {
  if (/[{}]/.test(text)) throw templateError(template, 'a "{" or "}" is not part of a {source.path} placeholder');
  return text;
}

function reference(template: string, text: string): Reference {
  const match = REFERENCE.exec(text);
  if (!match) {
    const sources = `${SOURCES.slice(0, -1).join(', ')} or ${SOURCES.at(-1)}`;
    throw templateError(template, `"{${text}}" must be a source (${sources}) and a property path, e.g. {params.id}`);
  }
  const source = match[1] as Source;
  const path = (match[2] as string).slice(1).split('.');
  // Node lowercases header names, so {headers.X-Tenant} means the x-tenant header.
  return { text, source, path: source === 'headers' ? path.map((name) => name.toLowerCase()) : path };
}

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let end = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    parts.push(literal(template, template.slice(end, match.index)), reference(template, match[1] as string));
    end = match.index + match[0].length;
  }
  parts.push(literal(template, template.slice(end)));
  return parts.filter((part) => part !== '');
}

/** Own properties only, so `{params.constructor}` finds nothing instead of a prototype member. */
function lookUp(request: LockKeyRequest, { source, path }: Reference): unknown {
  let value: unknown = request[source];
  for (const name of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A value is percent-encoded before it goes into the key: `:`, `{`, `}`, `%` and blanks never appear raw, so a
 * value cannot reach into a neighbouring part of the key, and different values always give different keys.
 */
function encode(template: string, ref: Reference, value: unknown): string {
  const fail = (problem: string) =>
    new DistributedLockError('LOCK_KEY', `lock key "${template}": ${ref.text} ${problem}`);
  if (value === undefined || value === null) throw fail('is missing from the request');
  const text = scalarText(value);
  if (text === undefined) throw fail('must be a single string, number or boolean');
  if (text === '') throw fail('is empty');
  try {
    return encodeURIComponent(text);
  } catch {
    throw fail('is not well-formed Unicode');
  }
}

/**
 * Compiles a lock key template such as `sys-user:{params.id}` or `tenant:{headers.x-tenant}:{body.orderId}`
 * into a function of the request. A malformed template fails here, when the route is registered; a request
 * without the named values fails with `LOCK_KEY` (400).
 */
export function compileLockKeyTemplate(template: string): (request: LockKeyRequest) => string {
  const parts = parse(template);
  if (parts.length === 0) throw templateError(template, 'is empty');
  return (request) => {
    const key = parts
      .map((part) => (typeof part === 'string' ? part : encode(template, part, lookUp(request, part))))
      .join('');
    if (key.length > MAX_LOCK_KEY_LENGTH) {
      throw new DistributedLockError(
        'LOCK_KEY',
        `lock key "${template}": the key is longer than ${MAX_LOCK_KEY_LENGTH} characters`,
      );
    }
    return key;
  };
}
