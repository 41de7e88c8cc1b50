import type { EndpointBody, KeyValue } from '../model.js';
import { headersWithCookies, urlWithQueryString } from './har-request-extras.js';
import type { ImportPlan } from './import-plan.js';
import { field, listOf, recordOf, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';

/** Headers the HTTP stack writes for itself; kept, they would be sent twice or wrong. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
]);

function readHeaders(list: unknown): KeyValue[] {
  return listOf(list).flatMap((header) => {
    const key = textOf(field(header, 'name'));
    if (key === undefined || key.startsWith(':') || TRANSPORT_HEADERS.has(key.toLowerCase())) return [];
    return [{ key, value: textOr(field(header, 'value'), '') }];
  });
}

function readBody(postData: unknown): EndpointBody {
  const mimeType = textOr(field(postData, 'mimeType'), '').toLowerCase();
  const params = listOf(field(postData, 'params'));
  const text = textOf(field(postData, 'text'));
  if (mimeType.includes('x-www-form-urlencoded') && params.length > 0) {
    return {
      mode: 'urlencoded',
      fields: params.map((param) => ({
        key: textOr(field(param, 'name'), ''),
        value: textOr(field(param, 'value'), ''),
      })),
    };
  }
  if (mimeType.includes('multipart/form-data') && params.length > 0) {
    return {
      mode: 'multipart',
      parts: params.map((param) => {
        const name = textOr(field(param, 'name'), '');
        const fileName = textOf(field(param, 'fileName'));
        return fileName === undefined ? { name, value: textOr(field(param, 'value'), '') } : { name, file: fileName };
      }),
    };
  }
  if (text === undefined || text === '') return { mode: 'none' };
  return mimeType.includes('json') ? { mode: 'json', text } : { mode: 'text', text };
}

function hostOf(url: string): string | undefined {
  return /^https?:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i.exec(url)?.[1]?.toLowerCase();
}

/** A HAR file: each distinct request (method and URL) once, in a folder named for its host. */
export function planHar(document: unknown): ImportPlan {
  const log = recordOf(field(document, 'log'));
  const creator = textOf(field(log.creator, 'name'));
  const plan = new PlanBuilder('har', creator === undefined ? 'HAR import' : `HAR import (${creator})`);
  const seen = new Set<string>();
  let merged = 0;
  for (const [index, entry] of listOf(log.entries).entries()) {
    const request = recordOf(field(entry, 'request'));
    const url = urlWithQueryString(textOr(request.url, ''), request.queryString);
    const method = textOr(request.method, 'GET').toUpperCase();
    const host = hostOf(url);
    if (host === undefined) {
      plan.skip(`entry ${index + 1} (${url.slice(0, 80) || 'no URL'})`, 'only http and https requests can be imported');
      continue;
    }
    const key = `${method} ${url}`;
    if (seen.has(key)) {
      merged += 1;
      continue;
    }
    seen.add(key);
    plan.request({
      folder: [host],
      name: '',
      method,
      url,
      headers: headersWithCookies(readHeaders(request.headers), request.cookies),
      body: readBody(request.postData),
      auth: { type: 'none' },
    });
  }
  if (merged > 0) plan.warn(`${merged} repeated request(s) (same method and URL) were merged`);
  return plan.build();
}
