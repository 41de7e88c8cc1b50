import type { ParsedCurl, ParsedCurlAuth, ParsedCurlBody } from '../curl/parsed-curl.js';
import type { EndpointAuth, EndpointBody, EndpointDraft, KeyValue } from '../model.js';
import { deriveEndpointName } from '../url/endpoint-name.js';
import { splitUrl } from '../url/split-url.js';

/** What an import creates, before a project is chosen. */
export interface PlannedEndpoint {
  /** The origin the command was sent to; the project's `base_url` is compared with it. */
  origin: string;
  draft: EndpointDraft;
}

function contentTypeOf(headers: readonly KeyValue[]): string | undefined {
  return headers.findLast((header) => header.key.toLowerCase() === 'content-type')?.value.toLowerCase();
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

function toEndpointBody(body: ParsedCurlBody, headers: readonly KeyValue[]): EndpointBody {
  if (body === null) return { mode: 'none' };
  switch (body.mode) {
    case 'raw': {
      const contentType = contentTypeOf(headers);
      const json =
        contentType === undefined || contentType.includes('form-urlencoded')
          ? looksLikeJson(body.text)
          : contentType.includes('json');
      return json ? { mode: 'json', text: body.text } : { mode: 'text', text: body.text };
    }
    case 'urlencoded':
      return { mode: 'urlencoded', fields: body.fields.map(({ name, value }) => ({ key: name, value })) };
    case 'multipart':
      return { mode: 'multipart', parts: body.parts.map((part) => ({ ...part })) };
    case 'file':
      return { mode: 'file', path: body.path };
  }
}

function toEndpointAuth(auth: ParsedCurlAuth): EndpointAuth {
  if (auth === null) return { type: 'none' };
  if (auth.type === 'bearer') return { type: 'bearer', token: auth.token };
  if (auth.type === 'awsSigV4') return { ...auth, sessionToken: '' };
  return { type: auth.type, username: auth.username, password: auth.password };
}

/**
 * Turns a parsed command into the endpoint an import saves: relative to `{{base_url}}`, in state
 * Designing, keeping method, headers, body, auth and query exactly as the command said.
 */
export function planEndpoint(parsed: ParsedCurl, name?: string): PlannedEndpoint {
  const url = splitUrl(parsed.url);
  const headers = parsed.headers.map(({ name: key, value }) => ({ key, value }));
  return {
    origin: url.origin,
    draft: {
      name: name ?? deriveEndpointName(url.path, url.origin),
      method: parsed.method,
      path: url.path,
      queryParams: url.queryParams,
      headers,
      body: toEndpointBody(parsed.body, headers),
      auth: toEndpointAuth(parsed.auth),
      state: 'Designing',
    },
  };
}
