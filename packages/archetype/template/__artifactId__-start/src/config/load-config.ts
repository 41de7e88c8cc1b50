import { readFile } from 'node:fs/promises';

import { parse } from 'yaml';
import { z } from 'zod';

import { type ApplicationConfig, applicationConfigSchema } from './application-config.js';

/** `application.yaml`, the profile files and the schema scripts. */
export const CONFIG_DIR = new URL('../../config/', import.meta.url);

/** Environment variables that override one key each, for containers and CI. */
const ENVIRONMENT_OVERRIDES: Readonly<Record<string, readonly string[]>> = {
  PORT: ['server', 'port'],
  DATASOURCE_URL: ['datasource', 'url'],
  DATASOURCE_USERNAME: ['datasource', 'username'],
  DATASOURCE_PASSWORD: ['datasource', 'password'],
  MANAGEMENT_OTLP_TRACING_ENDPOINT: ['management', 'otlp', 'tracing', 'endpoint'],
  MANAGEMENT_TRACING_SAMPLING_PROBABILITY: ['management', 'tracing', 'sampling', 'probability'],
};

type Tree = Record<string, unknown>;

export interface LoadConfigOptions {
  /** Defaults to the `PROFILE` environment variable; `prod` reads `application-prod.yaml` on top. */
  readonly profile?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Applied last; tests use it to point the service at another database or port. */
  readonly overrides?: Tree;
}

export async function loadConfig(options: LoadConfigOptions = {}): Promise<ApplicationConfig> {
  const env = options.env ?? process.env;
  const profile = options.profile ?? env.PROFILE;
  const layers = [await readYaml('application.yaml')];
  if (profile) layers.push(await readYaml(`application-${profile}.yaml`));
  layers.push(environmentLayer(env), options.overrides ?? {});
  const result = applicationConfigSchema.safeParse(layers.reduce(merge, {}));
  if (!result.success) throw new Error(`invalid configuration:\n${z.prettifyError(result.error)}`);
  return result.data;
}

async function readYaml(file: string): Promise<Tree> {
  const text = await readFile(new URL(file, CONFIG_DIR), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(`configuration file ${file} does not exist in ${CONFIG_DIR.pathname}`);
    throw error;
  });
  return (parse(text) as Tree | null) ?? {};
}

function environmentLayer(env: NodeJS.ProcessEnv): Tree {
  const layer: Tree = {};
  for (const [name, path] of Object.entries(ENVIRONMENT_OVERRIDES)) {
    const value = env[name];
    if (value === undefined) continue;
    let node = layer;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Tree;
    }
    node[path[path.length - 1] as string] = value;
  }
  return layer;
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Later layers win key by key; nested blocks are merged, not replaced. */
function merge(base: Tree, layer: Tree): Tree {
  const result: Tree = { ...base };
  for (const [key, value] of Object.entries(layer)) {
    const current = result[key];
    result[key] = isTree(current) && isTree(value) ? merge(current, value) : value;
  }
  return result;
}
