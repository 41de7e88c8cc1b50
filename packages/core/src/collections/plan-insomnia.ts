import { graphqlBodyFromPayload } from '../graphql/graphql-payload.js';
import type { WebSocketSettings } from '../kinds/websocket-settings.js';
import type { EndpointAuth, EndpointBody, EndpointScripts, KeyValue, MultipartPart } from '../model.js';
import { isEnabled, keptEnabled } from '../request/enabled-rows.js';
import type { ImportPlan, PlannedVariable } from './import-plan.js';
import { oauth2OfGrantFields } from './oauth2-grant-fields.js';
import { bodyText, descriptionOf, entriesOf, field, isRecord, listOf, recordOf, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';

/** Insomnia writes `{{ _.name }}` (and `{{ name }}`); Client writes `{{name}}`. */
function template(text: string): string {
  return text.replace(/\{\{\s*(?:_\.)?([A-Za-z0-9_.$-]+)\s*\}\}/g, '{{$1}}');
}

/** Insomnia rows, a switched-off one (`disabled: true`) kept switched off. */
function pairs(list: unknown, nameKey: string): KeyValue[] {
  return listOf(list).flatMap((entry) => {
    const key = textOf(field(entry, nameKey));
    if (key === undefined || key === '') return [];
    const enabled = keptEnabled(field(entry, 'disabled') !== true);
    return [{ key: template(key), value: template(textOr(field(entry, 'value'), '')), ...enabled }];
  });
}

function readAuth(auth: unknown, plan: PlanBuilder, label: string): EndpointAuth | undefined {
  if (!isRecord(auth) || auth.disabled === true) return undefined;
  const get = (key: string): string => template(textOr(auth[key], ''));
  switch (auth.type) {
    case undefined:
      return undefined;
    case 'none':
      return { type: 'none' };
    case 'basic':
    case 'digest':
      return { type: auth.type, username: get('username'), password: get('password') };
    case 'bearer':
      return { type: 'bearer', token: get('token') };
    case 'apikey':
      return {
        type: 'apiKey',
        key: get('key'),
        value: get('value'),
        in: auth.addTo === 'queryParams' ? 'query' : 'header',
      };
    case 'oauth2': {
      const grant = oauth2OfGrantFields(get);
      if (grant !== undefined) return grant;
      plan.warn(
        `${label}: OAuth 2.0 ${textOr(auth.grantType, '')} flow is sent as a bearer {{accessToken}}; fetch the token yourself`,
      );
      return { type: 'bearer', token: '{{accessToken}}' };
    }
    default:
      plan.warn(`${label}: ${textOr(auth.type, '')} auth is not supported; it is imported without auth`);
      return { type: 'none' };
  }
}

function readBody(body: unknown): EndpointBody {
  const mimeType = textOr(field(body, 'mimeType'), '');
  const params = listOf(field(body, 'params'));
  if (mimeType.includes('x-www-form-urlencoded')) return { mode: 'urlencoded', fields: pairs(params, 'name') };
  if (mimeType.includes('multipart/form-data')) {
    return {
      mode: 'multipart',
      parts: params.flatMap<MultipartPart>((param) => {
        const name = textOf(field(param, 'name'));
        if (name === undefined) return [];
        const enabled = keptEnabled(field(param, 'disabled') !== true);
        return field(param, 'type') === 'file'
          ? [{ name, file: textOr(field(param, 'fileName'), ''), ...enabled }]
          : [{ name, value: template(textOr(field(param, 'value'), '')), ...enabled }];
      }),
    };
  }
  const fileName = textOf(field(body, 'fileName'));
  if (fileName !== undefined && fileName !== '') return { mode: 'file', path: fileName };
  const text = textOf(field(body, 'text'));
  if (text === undefined || text === '') return { mode: 'none' };
  // Insomnia keeps a GraphQL body as the JSON it sends, under its own type.
  const graphql = mimeType.includes('graphql') ? graphqlBodyFromPayload(template(text)) : null;
  if (graphql !== null) return graphql;
  return mimeType.includes('json') ? { mode: 'json', text: template(text) } : { mode: 'text', text: template(text) };
}

function variablesOf(data: unknown): PlannedVariable[] {
  return entriesOf(data).map(([key, value]) => ({
    key,
    value: template(typeof value === 'object' && value !== null ? bodyText(value) : textOr(value, '')),
    secret: false,
  }));
}

/**
 * The scripts of a request or a folder: v4 names them `preRequestScript` and `afterResponseScript`, v5 holds
 * them in `scripts`. They use Insomnia's `insomnia.*`, Postman's API under another name.
 */
function scriptsOf(resource: Record<string, unknown>): EndpointScripts | undefined {
  const v5 = recordOf(resource.scripts);
  const preRequest = textOr(resource.preRequestScript ?? v5.preRequest, '');
  const postResponse = textOr(resource.afterResponseScript ?? v5.afterResponse, '');
  if (preRequest.trim() === '' && postResponse.trim() === '') return undefined;
  return { from: 'insomnia', preRequest, postResponse, tests: '' };
}

function addRequest(
  plan: PlanBuilder,
  request: Record<string, unknown>,
  folder: string[],
  inherited: EndpointAuth,
  websocket?: WebSocketSettings,
): void {
  const name = textOr(request.name, '');
  const url = template(textOr(request.url, ''));
  if (url === '') {
    plan.skip(name || 'an unnamed request', 'it has no URL');
    return;
  }
  if (/\{%/.test(url)) plan.warn(`${name}: its URL uses Insomnia template tags, which are kept as typed`);
  const params = pairs(request.parameters, 'name');
  const query = params.filter(isEnabled);
  const scripts = scriptsOf(request);
  const separator = url.includes('?') ? '&' : '?';
  plan.request({
    folder,
    name,
    method: textOr(request.method, 'GET'),
    url: query.length === 0 ? url : `${url}${separator}${query.map(({ key, value }) => `${key}=${value}`).join('&')}`,
    headers: pairs(request.headers, 'name'),
    disabledQuery: params.filter((param) => !isEnabled(param)),
    body: readBody(request.body),
    auth: readAuth(request.authentication, plan, name) ?? inherited,
    // v4 describes a request itself, v5 in its meta.
    description: descriptionOf(request.description) || descriptionOf(field(request.meta, 'description')),
    ...(scripts === undefined ? {} : { scripts }),
    ...(websocket === undefined ? {} : { kind: 'websocket' as const, websocket }),
  });
}

/**
 * A WebSocket request's settings: the message Insomnia keeps composed for it (a v4 `websocket_payload`, JSON or
 * text) becomes its saved message.
 */
function websocketOf(payload: Record<string, unknown> | undefined): WebSocketSettings {
  const data = textOr(payload?.value, '');
  if (data === '') return {};
  const format = textOr(payload?.mode, '').includes('json') ? 'json' : 'text';
  return { messages: [{ name: 'Message', format, data: template(data) }] };
}

/** Insomnia v4 export: a flat list of resources linked by `parentId`. */
function planV4(root: Record<string, unknown>): ImportPlan {
  const resources = listOf(root.resources).filter(
    (resource) => isRecord(resource) && textOr(resource._id, '') !== '',
  ) as Record<string, unknown>[];
  const workspace = resources.find((resource) => resource._type === 'workspace');
  const plan = new PlanBuilder('insomnia', textOf(workspace?.name) ?? 'Insomnia import');
  plan.description = textOr(workspace?.description, '');
  const children = new Map<string, Record<string, unknown>[]>();
  const ids = new Set(resources.map((resource) => textOr(resource._id, '')));
  for (const resource of resources) {
    const parent = ids.has(textOr(resource.parentId, '')) ? textOr(resource.parentId, '') : '';
    children.set(parent, [...(children.get(parent) ?? []), resource]);
  }
  const visited = new Set<string>();
  const walk = (parentId: string, folder: string[], inherited: EndpointAuth): void => {
    for (const resource of children.get(parentId) ?? []) {
      const id = textOr(resource._id, '');
      // An export whose parentIds form a cycle would otherwise be walked forever.
      if (visited.has(id)) continue;
      visited.add(id);
      switch (resource._type) {
        case 'workspace':
          walk(id, folder, inherited);
          break;
        case 'request_group': {
          const path = plan.folder([...folder, textOr(resource.name, '')], descriptionOf(resource.description));
          const scripts = scriptsOf(resource);
          if (scripts !== undefined) plan.scriptsOfFolder(path, scripts);
          walk(id, path, readAuth(resource.authentication, plan, textOr(resource.name, '')) ?? inherited);
          break;
        }
        case 'request':
          addRequest(plan, resource, folder, inherited);
          break;
        case 'websocket_request': {
          const payload = children.get(id)?.find((child) => child._type === 'websocket_payload');
          addRequest(plan, { ...resource, method: 'GET' }, folder, inherited, websocketOf(payload));
          break;
        }
        case 'environment':
          if (
            ids.has(textOr(resource.parentId, '')) &&
            resources.some((r) => r._id === resource.parentId && r._type === 'environment')
          ) {
            plan.environment({ name: textOr(resource.name, 'Environment'), variables: variablesOf(resource.data) });
          } else {
            for (const variable of variablesOf(resource.data)) plan.variable(variable.key, variable.value);
            walk(id, folder, inherited);
          }
          break;
        default: {
          // grpc_request, socket_io_request…: kinds of request the app cannot send.
          const type = textOr(resource._type, '');
          if (type.endsWith('_request')) {
            plan.skip(textOr(resource.name, id), `${type.replace(/_/g, ' ')}s are not HTTP requests`);
          }
          break;
        }
      }
    }
  };
  walk('', [], { type: 'none' });
  for (const resource of resources) {
    if (resource._type === 'request' && !visited.has(textOr(resource._id, ''))) {
      plan.skip(
        textOr(resource.name, textOr(resource._id, '')),
        'its folders are each other’s parents, so it sits in no folder of the workspace',
      );
    }
  }
  return plan.build();
}

function walkV5(plan: PlanBuilder, items: unknown, folder: string[], inherited: EndpointAuth): void {
  for (const item of listOf(items)) {
    if (!isRecord(item)) continue;
    if (Array.isArray(item.children)) {
      const name = textOr(item.name, '');
      const path = plan.folder([...folder, name], descriptionOf(field(item.meta, 'description')));
      const scripts = scriptsOf(item);
      if (scripts !== undefined) plan.scriptsOfFolder(path, scripts);
      walkV5(plan, item.children, path, readAuth(item.authentication, plan, name) ?? inherited);
    } else {
      const kind = otherKindOfV5(item);
      const label = textOf(item.name) || textOf(field(item.meta, 'id')) || 'an unnamed request';
      if (kind === 'WebSocket' && typeof item.url === 'string') {
        addRequest(plan, { ...item, method: 'GET' }, folder, inherited, {});
      } else if (kind !== undefined) plan.skip(label, `${kind} requests are not HTTP requests`);
      else if (typeof item.url === 'string') addRequest(plan, item, folder, inherited);
      else plan.skip(label, 'it has no URL');
    }
  }
}

/** The kind of a v5 item that is a request the app cannot send, told by its id's prefix or its gRPC method. */
function otherKindOfV5(item: Record<string, unknown>): string | undefined {
  const id = textOr(field(item.meta, 'id'), '');
  if (id.startsWith('greq_') || item.protoMethodName !== undefined) return 'gRPC';
  if (id.startsWith('ws-req_')) return 'WebSocket';
  if (id.startsWith('sio-req_')) return 'Socket.IO';
  return undefined;
}

/** Insomnia v5 YAML: a nested `collection` and one base `environments` with sub-environments. */
function planV5(root: Record<string, unknown>): ImportPlan {
  const plan = new PlanBuilder('insomnia', textOf(root.name) ?? 'Insomnia import');
  const environments = recordOf(root.environments);
  for (const variable of variablesOf(environments.data)) plan.variable(variable.key, variable.value);
  for (const sub of listOf(environments.subEnvironments)) {
    plan.environment({ name: textOr(field(sub, 'name'), 'Environment'), variables: variablesOf(field(sub, 'data')) });
  }
  walkV5(plan, root.collection, [], readAuth(root.authentication, plan, 'the collection') ?? { type: 'none' });
  return plan.build();
}

/** An Insomnia export, v4 (JSON or YAML) or v5 (YAML), already parsed. */
export function planInsomnia(document: unknown): ImportPlan {
  const root = recordOf(document);
  return Array.isArray(root.resources) ? planV4(root) : planV5(root);
}
