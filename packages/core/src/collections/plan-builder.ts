import { MAX_NAME_LENGTH } from '../constants.js';
import { isAppError } from '../errors.js';
import type { EndpointExample } from '../examples/example.js';
import { freeExampleName, MAX_EXAMPLES, readExample } from '../examples/read-examples.js';
import { BASE_URL_VARIABLE, type EndpointScripts, type KeyValue } from '../model.js';
import { keptEnabled } from '../request/enabled-rows.js';
import { deriveEndpointName } from '../url/endpoint-name.js';
import { type SplitUrl, splitUrl } from '../url/split-url.js';
import type {
  CollectedRequest,
  CollectionFormat,
  ImportPlan,
  PlannedEnvironment,
  PlannedRequest,
  SkippedItem,
} from './import-plan.js';

const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}$/;
const VARIABLE_ORIGIN = /^\{\{\s*([^{}\s]+)\s*\}\}$/;

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A name the store accepts: trimmed, not empty (the fallback, else "Untitled"), not too long. */
function cleanName(name: string, fallback: string): string {
  const chosen = squash(name) || squash(fallback) || 'Untitled';
  return chosen.length > MAX_NAME_LENGTH ? `${chosen.slice(0, MAX_NAME_LENGTH - 1)}…` : chosen;
}

/** A variable key the store accepts (no braces), or undefined. */
function cleanVariableKey(key: string): string | undefined {
  const trimmed = key.trim();
  if (trimmed === '' || /[{}]/.test(trimmed) || trimmed.length > MAX_NAME_LENGTH) return undefined;
  return trimmed;
}

function mostFrequent(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  let best: string | undefined;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

/** Collects what a format's reader finds, then turns it into an `ImportPlan` relative to one `base_url`. */
export class PlanBuilder {
  readonly format: CollectionFormat;
  kind: ImportPlan['kind'] = 'collection';
  name: string;
  description = '';
  /** Set by formats that say where the API is served (OpenAPI servers); else the commonest origin is used. */
  baseUrl: string | null = null;
  /** The scripts the collection itself runs around every request. */
  scripts: EndpointScripts | undefined;
  private readonly variables = new Map<string, { value: string; enabled: boolean }>();
  private readonly folderKeys = new Set<string>();
  private readonly folders: string[][] = [];
  private readonly folderDescriptions = new Map<string, { path: string[]; description: string }>();
  private readonly folderScripts = new Map<string, { path: string[]; scripts: EndpointScripts }>();
  private readonly requests: { label: string; request: CollectedRequest }[] = [];
  private readonly environments: PlannedEnvironment[] = [];
  private readonly skipped: SkippedItem[] = [];
  private readonly warnings: string[] = [];

  constructor(format: CollectionFormat, name: string) {
    this.format = format;
    this.name = name;
  }

  /** Adds a project variable unless one of that key is already planned; `enabled: false` keeps it switched off. */
  variable(key: string, value: string, enabled = true): void {
    const clean = cleanVariableKey(key);
    if (clean === undefined) {
      this.skip(`variable "${key}"`, 'its name is empty, too long or holds { or }');
      return;
    }
    if (clean === BASE_URL_VARIABLE && this.baseUrl === null) this.baseUrl = value;
    if (clean !== BASE_URL_VARIABLE && !this.variables.has(clean)) this.variables.set(clean, { value, enabled });
  }

  environment(environment: PlannedEnvironment): void {
    const variables = environment.variables.flatMap((variable) => {
      const key = cleanVariableKey(variable.key);
      return key === undefined ? [] : [{ ...variable, key }];
    });
    this.environments.push({ name: cleanName(environment.name, 'Imported environment'), variables });
  }

  /** Names the folder (and its parents), with what it holds when the collection says; returns the cleaned path to file requests under. */
  folder(path: readonly string[], description = ''): string[] {
    const clean = path.map((name) => cleanName(name, 'Untitled folder'));
    for (let depth = 1; depth <= clean.length; depth++) {
      const prefix = clean.slice(0, depth);
      const key = JSON.stringify(prefix);
      if (this.folderKeys.has(key)) continue;
      this.folderKeys.add(key);
      this.folders.push(prefix);
    }
    const key = JSON.stringify(clean);
    if (clean.length > 0 && description.trim() !== '' && !this.folderDescriptions.has(key)) {
      this.folderDescriptions.set(key, { path: clean, description: description.trim() });
    }
    return clean;
  }

  /** The scripts a folder runs around the requests in it (the first a collection gives it, if it gives several). */
  scriptsOfFolder(path: readonly string[], scripts: EndpointScripts): void {
    const clean = this.folder(path);
    const key = JSON.stringify(clean);
    if (clean.length > 0 && !this.folderScripts.has(key)) this.folderScripts.set(key, { path: clean, scripts });
  }

  request(request: CollectedRequest): void {
    const folder = this.folder(request.folder);
    const label = `${request.method.toUpperCase()} ${request.name || request.url}`;
    if (!METHOD.test(request.method)) {
      this.skip(label, `"${request.method}" is not an HTTP method`);
      return;
    }
    this.requests.push({ label, request: { ...request, folder, method: request.method.toUpperCase() } });
  }

  skip(item: string, reason: string): void {
    this.skipped.push({ item, reason });
  }

  warn(text: string): void {
    if (!this.warnings.includes(text)) this.warnings.push(text);
  }

  build(): ImportPlan {
    const split: { label: string; request: CollectedRequest; url: SplitUrl }[] = [];
    for (const { label, request } of this.requests) {
      const url = withScheme(request.url.trim());
      try {
        split.push({ label, request, url: splitUrl(url) });
      } catch (error) {
        if (!isAppError(error)) throw error;
        this.skip(label, error.message);
      }
    }
    // A WebSocket request keeps its own URL, so its origin has no say in the project's base URL.
    const baseOrigin = this.chooseBaseOrigin(
      split.filter(({ request }) => request.kind === undefined).map(({ url }) => url.origin),
    );
    const endpoints = split.flatMap(({ label, request, url }) => {
      const planned = this.plannedRequest(request, url, baseOrigin);
      // `{{base_url}}{{path}}`: a path must start with / after the origin, so this one cannot be kept as written.
      if (
        /^https?:\/\//i.test(planned.draft.path) ||
        planned.draft.path.startsWith('/') ||
        planned.draft.kind === 'websocket'
      ) {
        return [planned];
      }
      this.skip(
        label,
        `its URL puts ${url.path} right after ${url.origin}; write ${url.origin}/… for Client to keep it`,
      );
      return [];
    });
    return {
      format: this.format,
      kind: this.kind,
      name: cleanName(this.name, 'Imported collection'),
      description: this.description,
      baseUrl: this.baseUrl,
      variables: [...this.variables].map(([key, { value, enabled }]) => ({ key, value, ...keptEnabled(enabled) })),
      folders: this.folders,
      folderDescriptions: [...this.folderDescriptions.values()],
      ...(this.scripts === undefined ? {} : { scripts: this.scripts }),
      folderScripts: [...this.folderScripts.values()],
      endpoints,
      environments: this.environments,
      skipped: this.skipped,
      warnings: this.warnings,
    };
  }

  /** The origin endpoints are stored relative to; sets `baseUrl` from it when the collection gave none. */
  private chooseBaseOrigin(origins: readonly string[]): string | undefined {
    if (this.baseUrl !== null) return `{{${BASE_URL_VARIABLE}}}`;
    const origin = mostFrequent(origins);
    if (origin === undefined) return undefined;
    const variable = VARIABLE_ORIGIN.exec(origin)?.[1];
    if (variable === undefined) {
      this.baseUrl = origin;
      return origin;
    }
    if (variable === BASE_URL_VARIABLE) {
      this.warn('the collection never says what base_url is; set it in the project or an environment');
      return origin;
    }
    this.baseUrl = this.variables.get(variable)?.value ?? this.environmentValue(variable) ?? `{{${variable}}}`;
    for (const environment of this.environments) {
      const own = environment.variables.find((entry) => entry.key === variable);
      if (own !== undefined && !environment.variables.some((entry) => entry.key === BASE_URL_VARIABLE)) {
        environment.variables.push({ key: BASE_URL_VARIABLE, value: own.value, secret: false });
      }
    }
    return origin;
  }

  private environmentValue(key: string): string | undefined {
    for (const environment of this.environments) {
      const found = environment.variables.find((entry) => entry.key === key);
      if (found !== undefined) return found.value;
    }
    return undefined;
  }

  private plannedRequest(request: CollectedRequest, url: SplitUrl, baseOrigin: string | undefined): PlannedRequest {
    let path = url.path;
    if (request.kind === 'websocket') path = `${url.origin}${url.path}`;
    else if (url.origin !== baseOrigin) {
      if (/^https?:\/\//i.test(url.origin)) path = `${url.origin}${url.path}`;
      else this.warn(`requests sent to ${url.origin} are kept relative to {{${BASE_URL_VARIABLE}}}`);
    }
    const auth =
      request.auth.type === 'none' && url.userinfo !== null
        ? { type: 'basic' as const, username: url.userinfo.username, password: url.userinfo.password }
        : request.auth;
    return {
      folder: request.folder,
      draft: {
        name: cleanName(request.name, deriveEndpointName(url.path, url.origin)),
        method: request.method,
        path,
        queryParams: [
          ...url.queryParams,
          ...(request.disabledQuery ?? []).map((param) => ({ ...param, enabled: false })),
        ],
        headers: request.headers.filter((header: KeyValue) => header.key.trim() !== ''),
        body: request.body,
        auth,
        state: 'Designing',
        ...(request.description === undefined || request.description.trim() === ''
          ? {}
          : { description: request.description.trim() }),
        ...(request.scripts === undefined ? {} : { scripts: request.scripts }),
        ...(request.tests === undefined || request.tests.length === 0 ? {} : { tests: request.tests }),
        ...this.examplesOf(request),
        ...(request.contract === undefined ? {} : { contract: request.contract }),
        ...(request.kind === undefined ? {} : { kind: request.kind }),
        ...(request.websocket === undefined ? {} : { websocket: request.websocket }),
      },
    };
  }

  /**
   * The request's examples as the store keeps them: each checked (a bad one is skipped, the plan says why), its
   * name made unique among the ones before it, at most `MAX_EXAMPLES`.
   */
  private examplesOf(request: CollectedRequest): { examples?: EndpointExample[] } {
    const examples: EndpointExample[] = [];
    const names = new Set<string>();
    const label = `${request.method} ${request.name}`;
    for (const [index, candidate] of (request.examples ?? []).entries()) {
      if (examples.length === MAX_EXAMPLES) {
        this.warn(`${label}: only its first ${MAX_EXAMPLES} examples were kept`);
        break;
      }
      try {
        const name = freeExampleName(candidate.name, names);
        const example = readExample({ ...candidate, name }, `example "${candidate.name}"`);
        names.add(example.name);
        examples.push(example);
      } catch (error) {
        if (!isAppError(error)) throw error;
        this.skip(`${label}, example ${index + 1} "${candidate.name}"`, error.message);
      }
    }
    return examples.length === 0 ? {} : { examples };
  }
}

/** A URL typed without a scheme (`api.example.com/x`), as Postman and Insomnia allow, goes out over http. */
function withScheme(url: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url) || url.startsWith('{{')) return url;
  if (url.startsWith('/')) return `{{${BASE_URL_VARIABLE}}}${url}`;
  return `http://${url.replace(/^\/+/, '')}`;
}
