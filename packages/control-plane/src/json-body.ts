import { AppError } from '@client/core';

/** Fatal: a body that is not UTF-8 is refused rather than imported with replacement characters in it. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A request body sent as `application/json`, parsed; `undefined` when it is empty. */
export function readJsonBody(
  body: Uint8Array,
  example = '{"command": "curl https://…"}, with the command\'s quotes escaped for JSON',
): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new AppError('VALIDATION', 'the body is not valid UTF-8; send the JSON encoded as UTF-8');
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError(
      'VALIDATION',
      `the body is not valid JSON (${(error as Error).message}); send an object like ${example}`,
    );
  }
}
