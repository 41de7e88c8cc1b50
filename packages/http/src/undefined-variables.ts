import { type EndpointAuth, type EndpointBody, type EndpointDraft, withoutDisabledRows } from '@client/core';
import type { VariableScope } from './variable-scope.js';

function bodyTexts(body: EndpointBody): string[] {
  switch (body.mode) {
    case 'json':
    case 'text':
      return [body.text];
    case 'urlencoded':
      return body.fields.flatMap(({ key, value }) => [key, value]);
    case 'multipart':
      return body.parts.flatMap((part) => [part.name, part.value ?? '', part.file ?? '']);
    case 'file':
      return [body.path];
    case 'graphql':
      return [body.query, body.variables, body.operationName ?? ''];
    default:
      return [];
  }
}

function authTexts(auth: EndpointAuth): string[] {
  switch (auth.type) {
    case 'basic':
    case 'digest':
      return [auth.username, auth.password];
    case 'bearer':
      return [auth.token];
    case 'apiKey':
      return [auth.key, auth.value];
    case 'oauth2':
      return [auth.tokenUrl, auth.clientId, auth.clientSecret, auth.scope];
    case 'awsSigV4':
      return [auth.accessKeyId, auth.secretAccessKey, auth.sessionToken, auth.region, auth.service];
    default:
      return [];
  }
}

/**
 * The `{{names}}` in a request's headers, body and auth that no project or environment variable defines: they go
 * out as written, which the person is told. (An undefined name in the URL stops the send instead.)
 */
export function undefinedVariableWarning(written: EndpointDraft, scope: VariableScope): string | null {
  // A switched-off row is not sent, so what it names does not matter.
  const draft = withoutDisabledRows(written);
  const texts = [
    ...draft.headers.flatMap(({ key, value }) => [key, value]),
    ...bodyTexts(draft.body),
    ...authTexts(draft.auth),
  ];
  const names = [...new Set(texts.flatMap((text) => scope.missing(text)))];
  if (names.length === 0) return null;
  const listed = names.map((name) => `{{${name}}}`).join(', ');
  return `${listed} ${names.length === 1 ? 'is' : 'are'} not defined in the project or the environment, so ${names.length === 1 ? 'it was' : 'they were'} sent as written.`;
}
