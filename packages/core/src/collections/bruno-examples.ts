import type { EndpointExample } from '../examples/example.js';
import { statusName } from '../examples/status-reason.js';
import { keptEnabled } from '../request/enabled-rows.js';
import { field, listOf, textOf, textOr } from './plain-data.js';

/**
 * A Bruno request's `example` blocks (as `@usebruno/lang` reads them) as examples: name, status, response
 * headers and body. One without a status code has none to answer with; the plan skips it and says so.
 */
export function brunoExamples(examples: unknown): EndpointExample[] {
  return listOf(examples).map((example) => {
    const response = field(example, 'response');
    const code = textOf(field(response, 'status'));
    const status = code !== undefined && /^\d+$/.test(code) ? Number(code) : code;
    return {
      name: textOf(field(example, 'name'))?.trim() || (typeof status === 'number' ? statusName(status) : 'Example'),
      status: status as number,
      headers: listOf(field(response, 'headers')).flatMap((header) => {
        const key = textOf(field(header, 'name'));
        if (key === undefined) return [];
        return [{ key, value: textOr(field(header, 'value'), ''), ...keptEnabled(field(header, 'enabled') !== false) }];
      }),
      body: textOr(field(field(response, 'body'), 'content'), ''),
    };
  });
}
