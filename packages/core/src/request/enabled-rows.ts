import type { EndpointBody } from '../model.js';
import type { RequestParts } from './request-shape.js';

/** Whether a row (a param, header, form field, part or variable) is switched on: only `enabled: false` is off. */
export function isEnabled(row: { readonly enabled?: boolean }): boolean {
  return row.enabled !== false;
}

function enabledBody(body: EndpointBody): EndpointBody {
  switch (body.mode) {
    case 'urlencoded':
      return { mode: 'urlencoded', fields: body.fields.filter(isEnabled) };
    case 'multipart':
      return { mode: 'multipart', parts: body.parts.filter(isEnabled) };
    default:
      return body;
  }
}

/**
 * The request as it goes out: its switched-off params, headers, form fields and parts left out. The sender, the
 * "Copy as" export and the undefined-variable check all start from it, so a disabled row is never sent, written
 * into code, or warned about.
 */
export function withoutDisabledRows<T extends RequestParts>(request: T): T {
  return {
    ...request,
    queryParams: request.queryParams.filter(isEnabled),
    headers: request.headers.filter(isEnabled),
    body: enabledBody(request.body),
  };
}

/** A row as it is kept: `enabled` only when it is off, so an enabled row looks as it did before rows could be off. */
export function keptEnabled(enabled: unknown): { enabled?: false } {
  return enabled === false ? { enabled: false } : {};
}
