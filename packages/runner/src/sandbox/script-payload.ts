import { STATUS_CODES } from 'node:http';
import { eventsView } from '../assertions/stream-events-view.js';
import type { RunVariables } from './run-variables.js';
import type { ScriptEvent, ScriptRequest, ScriptResponse, ScriptRunInfo, VariableLayer } from './script-types.js';

const LAYERS: readonly VariableLayer[] = ['globals', 'collection', 'environment', 'iterationData', 'local'];

/**
 * A response's parts as the guest reads them (its body travels apart, as a string of its own). The reason text
 * falls back to the standard one for the code, as postman-collection's does.
 */
export function responseParts(response: ScriptResponse): string {
  const code = Number(response.code);
  return JSON.stringify({
    code,
    status: response.status || STATUS_CODES[code] || '',
    headers: Array.isArray(response.headers) ? response.headers : [],
    responseTime: Number(response.responseTime),
    size: Number(response.size),
    ...(Array.isArray(response.events) ? { events: eventsView(response.events) } : {}),
  });
}

export interface PayloadInput {
  event: ScriptEvent;
  request: ScriptRequest;
  response: ScriptResponse | undefined;
  variables: RunVariables;
  usedVariables: ReadonlySet<string>;
  info: ScriptRunInfo;
}

/** Everything a script sees but its source and the response's body, as the JSON the guest's start() reads. */
export function scriptPayload(input: PayloadInput): string {
  const vars: Partial<Record<VariableLayer, unknown>> = {};
  for (const layer of LAYERS) vars[layer] = input.variables.visible(layer, input.usedVariables);
  const response = input.response === undefined ? 'null' : responseParts(input.response);
  const rest = JSON.stringify({
    event: input.event,
    info: input.info,
    request: input.request,
    vars,
    environmentName: input.variables.environmentName,
  });
  return `${rest.slice(0, -1)},"response":${response}}`;
}
