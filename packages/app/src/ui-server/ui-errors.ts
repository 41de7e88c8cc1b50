import type { FrameworkWording } from '@client/control-plane';

/** A failure as the UI reads it: a message that says what to do. */
export const UI_WORDING: FrameworkWording = {
  bodyTooLarge: 'the request is too large for the UI server; send a smaller body',
  unsupportedMediaType: 'send the body as JSON with Content-Type: application/json',
  emptyBody: 'the request body is empty; send a JSON object',
  contentLengthMismatch: 'the body did not match its Content-Length header; send it again',
  badUrl: 'the address is not a valid URL (bad percent-encoding); reload the window',
  paramTooLong: 'nothing has that id; reload the window',
  unreadable: 'the request could not be read; send a JSON object with Content-Type: application/json',
  internal: 'the app failed to answer; see its output, then retry',
  keepsSchemaMessages: true,
};
