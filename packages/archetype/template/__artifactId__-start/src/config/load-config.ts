import { readFile } from 'node:fs/promises';
import { parseEnv } from 'node:util';

import { parse } from 'yaml';
import { z } from 'zod';

import { type ApplicationConfig, applicationConfigSchema } from './application-config.js';
import { ConfigurationError } from './configuration-error.js';

/** `application.yaml` and the profile files. */
export const CONFIG_DIR = new URL('../../config/', import.meta.url);

/** The project root's `.env`: environment variables for development (git-ignored, not copied into the image). */
export const DOTENV_FILE = new URL('../../.env', CONFIG_DIR);

/** The prefix of the variables that override a key: `APP_SERVER__PORT=9090` sets `server.port`. */
const PREFIX = 'APP_';
/** Separates the levels of a key: `APP_MANAGEMENT__OTLP__TRACING__ENDPOINT`. */
const LEVEL_SEPARATOR = '__';

/** Short names kept for containers and CI; each stands for one `APP_…` variable. */
const SHORTHANDS: Readonly<Record<string, string>> = {
  PORT: 'APP_SERVER__PORT',
  DATASOURCE_URL: 'APP_DATASOURCE__URL',
  DATASOURCE_USERNAME: 'APP_DATASOURCE__USERNAME',
  DATASOURCE_PASSWORD: 'APP_DATASOURCE__PASSWORD',
  MANAGEMENT_OTLP_TRACING_ENDPOINT: 'APP_MANAGEMENT__OTLP__TRACING__ENDPOINT',
  MANAGEMENT_TRACING_SAMPLING_PROBABILITY: 'APP_MANAGEMENT__TRACING__SAMPLING__PROBABILITY',
};

type Tree = Record<string, unknown>;

export interface LoadConfigOptions {
  /** Defaults to the `PROFILE` environment variable; `prod` reads `application-prod.yaml` on top. */
  readonly profile?: string;
  /** Defaults to `process.env` with the variables of the project's `.env` file under it. */
  readonly env?: NodeJS.ProcessEnv;
  /** Applied last; tests use it to point the service at another database or port. */
  readonly overrides?: Tree;
  /** Where `application.yaml` is; tests point it elsewhere. */
  readonly configDir?: URL;
}

/**
 * The configuration: `application.yaml`, then `application-<profile>.yaml`, then the environment (every key
 * can be set, `APP_` + the path in capitals with `__` between levels), then `overrides`. Refuses a value the
 * schema does not accept, naming its key.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ApplicationConfig> {
  const env = options.env ?? (await environmentWithDotenv());
  const profile = options.profile ?? env.PROFILE;
  const configDir = options.configDir ?? CONFIG_DIR;
  const layers = [await readYaml(configDir, 'application.yaml')];
  if (profile) layers.push(await readYaml(configDir, `application-${profile}.yaml`));
  const files = layers.reduce(merge, {});
  const merged = [environmentLayer(env, files), options.overrides ?? {}].reduce(merge, files);
  const result = applicationConfigSchema.safeParse(merged);
  if (!result.success) throw new ConfigurationError(`invalid configuration:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * `env` with the variables of a `.env` file under it: a variable the environment sets wins over the file's.
 * No file, no change.
 */
export async function environmentWithDotenv(
  file: URL = DOTENV_FILE,
  env: NodeJS.ProcessEnv = process.env,
): Promise<NodeJS.ProcessEnv> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return { ...parseEnv(text), ...env };
}

async function readYaml(configDir: URL, file: string): Promise<Tree> {
  const text = await readFile(new URL(file, configDir), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new ConfigurationError(`configuration file ${file} does not exist in ${configDir.pathname}`);
    }
    throw error;
  });
  return (parse(text) as Tree | null) ?? {};
}

/** `max_body_bytes`, `maxBodyBytes` and `max-body-bytes` are the same key. */
function normalized(key: string): string {
  return key.replaceAll(/[_-]/g, '').toLowerCase();
}

/** `MAX_BODY_BYTES` → `maxBodyBytes`, for a key the files do not have yet. */
function camelCase(segment: string): string {
  return segment.toLowerCase().replaceAll(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The value of a variable for a key whose value in the files is `current`: text stays text (a password of
 * digits stays a string), a number or boolean is read as one, and anything else (a list, a key the files do
 * not have) as YAML, so `APP_READ_WRITE_SPLITTING__REPLICAS='[{url: postgres://…}]'` sets a list.
 */
function typedValue(raw: string, current: unknown): unknown {
  if (typeof current === 'string') return raw;
  if (typeof current === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (typeof current === 'boolean') return /^(true|false)$/i.test(raw) ? raw.toLowerCase() === 'true' : raw;
  try {
    return parse(raw) ?? raw;
  } catch {
    return raw;
  }
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The variables `APP_…` (and the shorthands) as a tree of keys spelt as the files spell them. */
function environmentLayer(env: NodeJS.ProcessEnv, files: Tree): Tree {
  const variables = new Map<string, string>();
  for (const [shorthand, name] of Object.entries(SHORTHANDS)) {
    const value = env[shorthand];
    if (value !== undefined) variables.set(name, value);
  }
  // The full names win over the shorthands.
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(PREFIX) && name.length > PREFIX.length && value !== undefined) variables.set(name, value);
  }
  const layer: Tree = {};
  for (const [name, value] of variables) {
    const segments = name.slice(PREFIX.length).split(LEVEL_SEPARATOR);
    if (segments.some((segment) => segment === '')) continue;
    let node = layer;
    let known: unknown = files;
    segments.forEach((segment, index) => {
      const existing = isTree(known)
        ? Object.keys(known).find((key) => normalized(key) === normalized(segment))
        : undefined;
      const key = existing ?? camelCase(segment);
      known = isTree(known) ? known[key] : undefined;
      if (index === segments.length - 1) {
        node[key] = typedValue(value, known);
      } else {
        if (!isTree(node[key])) node[key] = {};
        node = node[key] as Tree;
      }
    });
  }
  return layer;
}

/** Later layers win key by key; nested blocks are merged, not replaced. */
export function merge(base: Tree, layer: Tree): Tree {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(layer)) {
    const current = result[key];
    result[key] = isTree(current) && isTree(value) ? merge(current, value) : value;
  }
  return result;
}
