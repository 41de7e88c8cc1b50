import { AppError } from '@client/core';
import type { FrameworkWording } from './framework-errors.js';

const MEDIA_TYPE_ADVICE = 'send the body as JSON with the header "Content-Type: application/json"';

/** How a failure the framework or Node reports reads to an agent: what went wrong and what to send instead. */
export function agentWording(maxBodyBytes: number): FrameworkWording {
  return {
    bodyTooLarge: `the request body is larger than ${maxBodyBytes} bytes; send a shorter command (one cURL command per request)`,
    unsupportedMediaType: MEDIA_TYPE_ADVICE,
    emptyBody: 'the request body is empty; send {"command": "curl https://…"}',
    contentLengthMismatch: 'the body did not match its Content-Length header; send the body again',
    badUrl: 'the request path is not a valid URL (bad percent-encoding); fix the path',
    paramTooLong:
      'no project or run has that id; list projects with GET /agent/projects, or use the runId POST /agent/run answered',
    unreadable: 'the request could not be read; send JSON with Content-Type: application/json',
    internal: 'the control plane failed to answer this request; retry, and if it fails again see the app output',
    keepsSchemaMessages: false,
  };
}

export function unsupportedMediaType(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_TYPE_ADVICE);
}
