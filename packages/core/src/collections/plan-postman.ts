import type { Assertion } from '../assertions/assertion.js';
import { variablesText } from '../graphql/graphql-payload.js';
import type { EndpointAuth, EndpointBody, EndpointScripts, KeyValue, MultipartPart } from '../model.js';
import { isEnabled, keptEnabled } from '../request/enabled-rows.js';
import type { ImportPlan } from './import-plan.js';
import { descriptionOf, field, isRecord, listOf, recordOf, scriptText, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';
import { ASSERTIONS_SCRIPT_NAME, rowsOfAssertionsScript } from './postman-assertions.js';
import { postmanExamples } from './postman-examples.js';
import { readPostmanUrl } from './postman-url.js';

/** Postman 2.1 writes auth attributes as `[{key, value}]`, 2.0 as an object. */
function authAttributes(auth: unknown, type: string): Map<string, string> {
  const raw = field(auth, type);
  const attributes = new Map<string, string>();
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const key = textOf(field(entry, 'key'));
      const value = textOf(field(entry, 'value'));
      if (key !== undefined && value !== undefined) attributes.set(key, value);
    }
  } else {
    for (const [key, value] of Object.entries(recordOf(raw))) {
      const text = textOf(value);
      if (text !== undefined) attributes.set(key, text);
    }
  }
  return attributes;
}

/** A Postman auth block as an endpoint's auth; undefined for "inherit from the parent". */
function readAuth(auth: unknown, plan: PlanBuilder, label: string): EndpointAuth | undefined {
  if (!isRecord(auth)) return undefined;
  const type = textOf(auth.type);
  if (type === undefined) return undefined;
  const get = (key: string): string => authAttributes(auth, type).get(key) ?? '';
  switch (type) {
    case 'noauth':
      return { type: 'none' };
    case 'basic':
    case 'digest':
      return { type, username: get('username'), password: get('password') };
    case 'bearer':
      return { type: 'bearer', token: get('token') };
    case 'apikey':
      return {
        type: 'apiKey',
        key: get('key') || 'X-API-Key',
        value: get('value'),
        in: get('in') === 'query' ? 'query' : 'header',
      };
    case 'oauth2': {
      // v2.0 and older exports name the grant grantType; Postman leaves it out for its default, authorization code.
      const grant = get('grant_type') || get('grantType') || 'authorization_code';
      const common = {
        tokenUrl: get('accessTokenUrl'),
        clientId: get('clientId'),
        clientSecret: get('clientSecret'),
        scope: get('scope'),
      };
      if (grant === 'client_credentials' && common.tokenUrl !== '') return { type: 'oauth2', ...common };
      // The app signs in with PKCE whether or not Postman's flow asked for it; servers that do not check it ignore it.
      if (grant.startsWith('authorization_code') && common.tokenUrl !== '' && get('authUrl') !== '') {
        return { type: 'oauth2', grant: 'authorizationCode', authorizationUrl: get('authUrl'), ...common };
      }
      const token = get('accessToken');
      plan.warn(`${label}: OAuth 2.0 ${grant} flow is sent as a bearer token; fetch the token yourself`);
      return { type: 'bearer', token: token === '' ? '{{accessToken}}' : token };
    }
    case 'awsv4':
      return {
        type: 'awsSigV4',
        accessKeyId: get('accessKey'),
        secretAccessKey: get('secretKey'),
        sessionToken: get('sessionToken'),
        region: get('region'),
        service: get('service'),
      };
    default:
      plan.warn(`${label}: ${type} auth is not supported; it is imported without auth`);
      return { type: 'none' };
  }
}

/** Postman rows, a switched-off one (`disabled: true`) kept switched off. */
function pairs(list: unknown): KeyValue[] {
  return listOf(list).flatMap((entry) => {
    const key = textOf(field(entry, 'key'));
    if (key === undefined) return [];
    return [{ key, value: textOr(field(entry, 'value'), ''), ...keptEnabled(field(entry, 'disabled') !== true) }];
  });
}

/**
 * A raw body is JSON when its language says so. Without a language Postman sends the text as it is with no
 * Content-Type of its own, so only the request's own Content-Type header can make it JSON.
 */
function rawBody(body: Record<string, unknown>, headers: readonly KeyValue[]): EndpointBody {
  const text = textOr(body.raw, '');
  if (text === '') return { mode: 'none' };
  const language = textOf(field(field(body.options, 'raw'), 'language'));
  const declared = headers.find((header) => isEnabled(header) && header.key.trim().toLowerCase() === 'content-type');
  const json = language === undefined ? /[/+]json\b/i.test(declared?.value ?? '') : language === 'json';
  return json ? { mode: 'json', text } : { mode: 'text', text };
}

function readBody(body: unknown, headers: readonly KeyValue[]): EndpointBody {
  if (!isRecord(body) || body.disabled === true) return { mode: 'none' };
  switch (body.mode) {
    case 'raw':
      return rawBody(body, headers);
    // An empty form is no body at all, as Postman sends it.
    case 'urlencoded': {
      const fields = pairs(body.urlencoded);
      return fields.length === 0 ? { mode: 'none' } : { mode: 'urlencoded', fields };
    }
    case 'formdata': {
      const parts = listOf(body.formdata).flatMap<MultipartPart>((part) => {
        const name = textOf(field(part, 'key'));
        if (name === undefined) return [];
        const contentType = textOf(field(part, 'contentType'));
        const extra = {
          ...(contentType === undefined ? {} : { contentType }),
          ...keptEnabled(field(part, 'disabled') !== true),
        };
        if (field(part, 'type') === 'file') {
          const src = field(part, 'src');
          return [{ name, file: textOf(Array.isArray(src) ? src[0] : src) ?? '', ...extra }];
        }
        return [{ name, value: textOr(field(part, 'value'), ''), ...extra }];
      });
      return parts.length === 0 ? { mode: 'none' } : { mode: 'multipart', parts };
    }
    case 'file': {
      const src = textOf(field(body.file, 'src'));
      return src === undefined ? { mode: 'none' } : { mode: 'file', path: src };
    }
    case 'graphql': {
      const graphql = recordOf(body.graphql);
      return { mode: 'graphql', query: textOr(graphql.query, ''), variables: variablesText(graphql.variables) };
    }
    default:
      return { mode: 'none' };
  }
}

/**
 * The text of each script an item's events hold, by when Postman runs it, and (for a request) the assertion rows
 * of the test script a Client export wrote for them.
 */
function scriptsOf(item: unknown, isRequest: boolean): { prerequest: string[]; test: string[]; rows: Assertion[] } {
  const found: { prerequest: string[]; test: string[]; rows: Assertion[] } = { prerequest: [], test: [], rows: [] };
  for (const event of listOf(field(item, 'event'))) {
    const listen = field(event, 'listen');
    const script = field(event, 'script');
    const text = scriptText(field(script, 'exec'));
    if (field(event, 'disabled') === true || text.trim() === '') continue;
    const rows =
      isRequest && field(script, 'name') === ASSERTIONS_SCRIPT_NAME ? rowsOfAssertionsScript(text) : undefined;
    if (listen === 'test' && rows !== undefined) found.rows.push(...rows);
    else if (listen === 'prerequest' || listen === 'test') found[listen].push(text);
  }
  return found;
}

/**
 * The scripts of a request, a folder or the collection (Postman's "test" script is Client's `tests`, run after
 * the response as Postman runs it); undefined when it has none. Several scripts of one kind run one after the
 * other, as Postman runs them.
 */
function itemScripts(item: unknown, walk: Walk, isRequest = false): EndpointScripts | undefined {
  const { prerequest, test } = scriptsOf(item, isRequest);
  if (prerequest.length === 0 && test.length === 0) return undefined;
  walk.scripts += prerequest.length + test.length;
  return { from: 'postman', preRequest: prerequest.join('\n'), postResponse: '', tests: test.join('\n') };
}

interface Walk {
  plan: PlanBuilder;
  /** Scripts imported, at every level. */
  scripts: number;
  /** Bodies of GET-like requests left out, as Postman leaves them out when it sends. */
  prunedBodies: number;
}

/** The methods whose body Postman does not send unless the request's `disableBodyPruning` says to. */
const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'COPY', 'PURGE', 'UNLOCK']);

/** A request's body as Postman sends it: none for a GET-like method, unless its item keeps it. */
function sentBody(
  item: Record<string, unknown>,
  method: string,
  headers: readonly KeyValue[],
  walk: Walk,
): EndpointBody {
  const body = readBody(field(item.request, 'body'), headers);
  const keeps = field(item.protocolProfileBehavior, 'disableBodyPruning') === true;
  if (body.mode === 'none' || keeps || !METHODS_WITHOUT_BODY.has(method.toUpperCase())) return body;
  walk.prunedBodies++;
  return { mode: 'none' };
}

function walkItems(items: unknown, folder: string[], inherited: EndpointAuth, walk: Walk): void {
  for (const item of listOf(items)) {
    if (!isRecord(item)) continue;
    const name = textOr(item.name, '');
    if (Array.isArray(item.item)) {
      const path = walk.plan.folder([...folder, name], descriptionOf(item.description));
      const scripts = itemScripts(item, walk);
      if (scripts !== undefined) walk.plan.scriptsOfFolder(path, scripts);
      walkItems(item.item, path, readAuth(item.auth, walk.plan, name) ?? inherited, walk);
      continue;
    }
    const request = item.request;
    const label = name || 'an unnamed request';
    if (request === undefined) {
      walk.plan.skip(label, 'it holds no request');
      continue;
    }
    const url = readPostmanUrl(typeof request === 'string' ? request : field(request, 'url'), walk.plan);
    // The raw URL holds only the query params that are on; the switched-off ones are only in the list.
    const disabledQuery = pairs(field(field(request, 'url'), 'query')).filter((param) => !isEnabled(param));
    if (url === '') {
      walk.plan.skip(label, 'its request has no URL');
      continue;
    }
    const scripts = itemScripts(item, walk, true);
    const { rows } = scriptsOf(item, true);
    // v2.1 describes the request, v2.0 exports often the item.
    const description = descriptionOf(field(request, 'description')) || descriptionOf(item.description);
    const method = textOr(field(request, 'method'), 'GET');
    const headers = typeof field(request, 'header') === 'string' ? [] : pairs(field(request, 'header'));
    walk.plan.request({
      folder,
      name,
      method,
      url,
      headers,
      disabledQuery,
      body: sentBody(item, method, headers, walk),
      auth: readAuth(field(request, 'auth'), walk.plan, label) ?? inherited,
      description,
      ...(scripts === undefined ? {} : { scripts }),
      tests: rows,
      examples: postmanExamples(item.response),
    });
  }
}

/**
 * A Postman Collection v2.0 or v2.1: folders, requests with their saved responses as examples, collection
 * variables, auth at every level.
 */
export function planPostman(document: unknown): ImportPlan {
  const root = recordOf(document);
  const info = recordOf(root.info);
  const plan = new PlanBuilder('postman', textOf(info.name) ?? 'Imported collection');
  plan.description = descriptionOf(info.description);
  for (const variable of listOf(root.variable)) {
    const key = textOf(field(variable, 'key')) ?? textOf(field(variable, 'id'));
    if (key !== undefined)
      plan.variable(key, textOr(field(variable, 'value'), ''), field(variable, 'disabled') !== true);
  }
  const walk: Walk = { plan, scripts: 0, prunedBodies: 0 };
  plan.scripts = itemScripts(root, walk);
  walkItems(root.item, [], readAuth(root.auth, plan, 'the collection') ?? { type: 'none' }, walk);
  if (walk.prunedBodies > 0) {
    plan.warn(
      `${walk.prunedBodies} GET, HEAD, COPY, PURGE or UNLOCK request(s) had a body, left out as Postman leaves it out when it sends them`,
    );
  }
  if (walk.scripts > 0) {
    plan.warn(`${walk.scripts} pre-request or test script(s) imported: they run around their requests as in Postman`);
  }
  return plan.build();
}
