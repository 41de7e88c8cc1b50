import { variablesText } from '../graphql/graphql-payload.js';
import type { EndpointAuth, EndpointBody, EndpointScripts, KeyValue, MultipartPart } from '../model.js';
import { isEnabled, keptEnabled } from '../request/enabled-rows.js';
import { brunoAssertions } from './bruno-assertions.js';
import { brunoExamples } from './bruno-examples.js';
import type { ImportPlan } from './import-plan.js';
import { oauth2OfGrantFields } from './oauth2-grant-fields.js';
import { descriptionOf, field, isRecord, listOf, recordOf, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';

/** A Bruno collection folder as `@usebruno/lang` reads its files; the app walks the folder. */
export interface BrunoCollection {
  /** `bruno.json`. */
  config: unknown;
  /** `collection.bru`, parsed; null when there is none. */
  root: unknown;
  /** `folder.bru` of each sub-folder, by folder path. */
  folders: { path: string[]; data: unknown }[];
  /** Each request file, by the folder path it lies in. */
  requests: { path: string[]; file: string; data: unknown }[];
  /** `environments/*.bru`. */
  environments: { name: string; data: unknown }[];
  /** Files that could not be read or parsed. */
  failures: { file: string; reason: string }[];
}

/** Bruno rows, one written with a `~` in front (`enabled: false` once parsed) kept switched off. */
function pairs(list: unknown): KeyValue[] {
  return listOf(list).flatMap((entry) => {
    const key = textOf(field(entry, 'name'));
    if (key === undefined) return [];
    return [{ key, value: textOr(field(entry, 'value'), ''), ...keptEnabled(field(entry, 'enabled') !== false) }];
  });
}

/** Bruno's auth for a request (`http.auth` names the mode) or a folder (`auth.mode`); undefined = inherit. */
function readAuth(mode: unknown, auth: unknown, plan: PlanBuilder, label: string): EndpointAuth | undefined {
  const get = (block: string, key: string): string => textOr(field(field(auth, block), key), '');
  switch (mode) {
    case undefined:
    case 'inherit':
      return undefined;
    case 'none':
      return { type: 'none' };
    case 'basic':
    case 'digest':
      return { type: mode, username: get(mode, 'username'), password: get(mode, 'password') };
    case 'bearer':
      return { type: 'bearer', token: get('bearer', 'token') };
    case 'apikey':
      return {
        type: 'apiKey',
        key: get('apikey', 'key'),
        value: get('apikey', 'value'),
        in: get('apikey', 'placement') === 'queryparams' ? 'query' : 'header',
      };
    case 'oauth2': {
      const grant = oauth2OfGrantFields((key) => get('oauth2', key));
      if (grant !== undefined) return grant;
      plan.warn(
        `${label}: OAuth 2.0 ${get('oauth2', 'grantType')} flow is sent as a bearer {{accessToken}}; fetch the token yourself`,
      );
      return { type: 'bearer', token: '{{accessToken}}' };
    }
    default:
      plan.warn(`${label}: ${textOr(mode, '')} auth is not supported; it is imported without auth`);
      return { type: 'none' };
  }
}

function readBody(mode: unknown, body: unknown): EndpointBody {
  switch (mode) {
    case 'json':
      return { mode: 'json', text: textOr(field(body, 'json'), '') };
    case 'text':
    case 'xml':
    case 'sparql':
      return { mode: 'text', text: textOr(field(body, mode), '') };
    case 'formUrlEncoded':
      return { mode: 'urlencoded', fields: pairs(field(body, 'formUrlEncoded')) };
    case 'multipartForm':
      return {
        mode: 'multipart',
        parts: listOf(field(body, 'multipartForm')).flatMap<MultipartPart>((part) => {
          const name = textOf(field(part, 'name'));
          if (name === undefined) return [];
          const value = field(part, 'value');
          const enabled = keptEnabled(field(part, 'enabled') !== false);
          return field(part, 'type') === 'file'
            ? [{ name, file: textOr(Array.isArray(value) ? value[0] : value, ''), ...enabled }]
            : [{ name, value: textOr(value, ''), ...enabled }];
        }),
      };
    case 'graphql': {
      const graphql = recordOf(field(body, 'graphql'));
      return { mode: 'graphql', query: textOr(graphql.query, ''), variables: variablesText(graphql.variables) };
    }
    default:
      return { mode: 'none' };
  }
}

/**
 * The scripts and tests of a request, a folder (`folder.bru`) or the collection (`collection.bru`), with
 * `extraTests` (assert rows only a script can check) after the file's own tests; undefined when there are none.
 */
function scriptsOf(data: unknown, extraTests: readonly string[] = []): EndpointScripts | undefined {
  const script = recordOf(field(data, 'script'));
  const tests = textOr(field(data, 'tests'), '');
  const scripts: EndpointScripts = {
    from: 'bruno',
    preRequest: textOr(script.req, ''),
    postResponse: textOr(script.res, ''),
    tests: extraTests.length === 0 ? tests : [...(tests.trim() === '' ? [] : [tests]), ...extraTests].join('\n'),
  };
  const empty = [scripts.preRequest, scripts.postResponse, scripts.tests].every((text) => text.trim() === '');
  return empty ? undefined : scripts;
}

/** A Bruno collection: folders as folders, `.bru` requests as endpoints, collection variables, environments. */
export function planBruno(collection: BrunoCollection): ImportPlan {
  const plan = new PlanBuilder('bruno', textOr(field(collection.config, 'name'), 'Bruno collection'));
  for (const variable of listOf(field(field(collection.root, 'vars'), 'req'))) {
    const key = textOf(field(variable, 'name'));
    if (key !== undefined)
      plan.variable(key, textOr(field(variable, 'value'), ''), field(variable, 'enabled') !== false);
  }
  for (const failure of collection.failures) plan.skip(failure.file, failure.reason);
  const folderAuth = new Map<string, EndpointAuth | undefined>();
  const rootAuth = field(collection.root, 'auth');
  folderAuth.set('[]', readAuth(field(rootAuth, 'mode'), rootAuth, plan, 'the collection'));
  const sortedFolders = [...collection.folders].sort((a, b) => a.path.length - b.path.length);
  plan.scripts = scriptsOf(collection.root);
  let scripts = plan.scripts === undefined ? 0 : 1;
  for (const folder of sortedFolders) {
    const docs = descriptionOf(field(folder.data, 'docs'));
    if (docs !== '') plan.folder(folder.path, docs);
    const folderScripts = scriptsOf(folder.data);
    if (folderScripts !== undefined) {
      plan.scriptsOfFolder(folder.path, folderScripts);
      scripts += 1;
    }
    const auth = field(folder.data, 'auth');
    const parent = folderAuth.get(JSON.stringify(folder.path.slice(0, -1)));
    folderAuth.set(
      JSON.stringify(folder.path),
      readAuth(field(auth, 'mode'), auth, plan, folder.path.join('/')) ?? parent,
    );
  }
  let scriptedAsserts = 0;
  for (const request of collection.requests) {
    const data = recordOf(request.data);
    const http = recordOf(data.http);
    const name = textOf(field(data.meta, 'name')) ?? request.file.replace(/\.bru$/, '');
    const type = textOf(field(data.meta, 'type'));
    if (type !== undefined && type !== 'http' && type !== 'graphql') {
      plan.skip(request.file, `a ${type} request is not an HTTP request`);
      continue;
    }
    const asserts = brunoAssertions(data.assertions);
    scriptedAsserts += asserts.script.length;
    const kept = scriptsOf(data, asserts.script);
    if (kept !== undefined) scripts += 1;
    for (const param of listOf(data.params)) {
      const key = textOf(field(param, 'name'));
      const value = textOf(field(param, 'value'));
      if (field(param, 'type') === 'path' && key !== undefined && value !== undefined && value !== '')
        plan.variable(key, value);
    }
    let inherited: EndpointAuth | undefined;
    for (let depth = request.path.length; depth >= 0 && inherited === undefined; depth--) {
      inherited = folderAuth.get(JSON.stringify(request.path.slice(0, depth)));
    }
    const url = textOr(http.url, '').replace(/\/:([A-Za-z_][\w-]*)/g, '/{{$1}}');
    if (url === '') {
      plan.skip(request.file, 'it has no URL');
      continue;
    }
    plan.request({
      folder: plan.folder(request.path),
      name,
      method: textOr(http.method, 'get'),
      url,
      headers: pairs(data.headers),
      // The URL holds only the query params that are on; the `~` ones are only among the params.
      disabledQuery: pairs(listOf(data.params).filter((param) => field(param, 'type') === 'query')).filter(
        (param) => !isEnabled(param),
      ),
      body: readBody(http.body, data.body),
      auth: readAuth(http.auth, data.auth, plan, name) ?? inherited ?? { type: 'none' },
      description: descriptionOf(data.docs),
      ...(kept === undefined ? {} : { scripts: kept }),
      tests: asserts.rows,
      examples: brunoExamples(data.examples),
    });
  }
  for (const environment of collection.environments) {
    plan.environment({
      name: environment.name,
      variables: listOf(field(environment.data, 'variables')).flatMap((variable) => {
        const key = textOf(field(variable, 'name'));
        if (key === undefined || !isRecord(variable)) return [];
        return [
          {
            key,
            value: textOr(variable.value, ''),
            secret: variable.secret === true,
            ...keptEnabled(variable.enabled),
          },
        ];
      }),
    });
  }
  if (scripts > 0) {
    plan.warn(`${scripts} request(s), folder(s) or the collection have scripts or tests: they run as in Bruno`);
  }
  if (scriptedAsserts > 0) {
    plan.warn(
      `${scriptedAsserts} assert(s) that assertion rows cannot express (such as in, between or startsWith) became test lines in their requests' tests script`,
    );
  }
  return plan.build();
}
