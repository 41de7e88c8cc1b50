import { Agent } from 'node:http';
import { isErrorCode } from '@client/core';
import {
  type Discovery,
  discoverControlPlane,
  type InstallLocation,
  isJsonRecord,
  type JsonAnswer,
  noTokenMessage,
  notFoundMessage,
  requestJson,
  resolveInstallLocation,
  stoppedMessage,
  unauthorizedMessage,
} from '@client/local';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod/mini';
import { schemaProblem } from './schema-problem.js';
import type { ToolContext } from './tool-context.js';
import { errorResult, notRunningResult, successResult } from './tool-result.js';

export interface ControlPlaneRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** How long the whole call may take, when longer than the usual (a send waits for the person). */
  timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Why a discovery found no usable control plane, in the words a tool result uses. */
export function discoveryProblem(
  location: InstallLocation,
  discovery: Exclude<Discovery, { status: 'running' }>,
  ports: readonly number[],
): { code: 'UNAUTHORIZED' | null; message: string } {
  switch (discovery.status) {
    case 'no-token':
      return { code: null, message: noTokenMessage(location) };
    case 'not-found':
      return { code: null, message: notFoundMessage(location, ports, discovery.hintPort) };
    case 'unauthorized':
      return { code: 'UNAUTHORIZED', message: unauthorizedMessage(location, discovery.rejectingPorts) };
  }
}

function discoveryFailure(
  location: InstallLocation,
  discovery: Exclude<Discovery, { status: 'running' }>,
  ports: readonly number[],
): CallToolResult {
  const problem = discoveryProblem(location, discovery, ports);
  return problem.code === null
    ? notRunningResult(problem.message)
    : errorResult({ code: problem.code, message: problem.message });
}

/**
 * Finds the control plane and forwards one request to it. Success becomes `shape(answer)` checked against
 * `outputSchema`; the control plane's `{code, message}` passes through unchanged, except a 401, which is reworded
 * to name the token file client-mcp used and the remedy.
 */
export async function forwardCall(
  context: ToolContext,
  request: ControlPlaneRequest,
  outputSchema: z.ZodMiniObject,
  shape: (answer: unknown) => unknown,
): Promise<CallToolResult> {
  const location = resolveInstallLocation(context.env);
  // The call itself sends the token once the listener has proved it holds it; asking the health first would
  // only add a round trip (a token refused since the proof comes back as the call's 401, reworded below). It goes
  // on the connection the proof came on, which saves opening another and is the very listener that proved it.
  const agent = new Agent({ keepAlive: true });
  try {
    const discovery = await discoverControlPlane({ ...context, location, askHealth: false, agent });
    if (discovery.status !== 'running') return discoveryFailure(location, discovery, context.ports);
    const answer = await requestJson({
      port: discovery.port,
      method: request.method,
      path: request.path,
      body: request.body,
      token: discovery.token,
      timeoutMs: request.timeoutMs ?? context.callTimeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
      agent,
    });
    return resultOf(location, discovery, request, answer, outputSchema, shape);
  } finally {
    agent.destroy();
  }
}

/** What the control plane's answer to a forwarded call means for the agent. */
function resultOf(
  location: InstallLocation,
  discovery: Discovery<null> & { status: 'running' },
  request: ControlPlaneRequest,
  answer: JsonAnswer,
  outputSchema: z.ZodMiniObject,
  shape: (answer: unknown) => unknown,
): CallToolResult {
  if (answer.kind === 'no-answer') {
    const message = stoppedMessage(location, discovery.address, answer.reason);
    // The import may have committed before the answer was lost; saving again blindly could duplicate it.
    const unsure =
      request.path === '/agent/curl'
        ? ' The command may have been saved already: check list_endpoints first.'
        : request.path === '/agent/send'
          ? " The request may have been sent already: it would be in the History of the person's app."
          : request.path === '/agent/run'
            ? " The run may have started already: it would be among the runs in the person's app."
            : '';
    return notRunningResult(`${message}${unsure}`);
  }

  const { status, body } = answer;
  if (status === 401) {
    return errorResult({ code: 'UNAUTHORIZED', message: unauthorizedMessage(location, [discovery.port]) });
  }
  if (status >= 200 && status < 300) {
    const parsed = outputSchema.safeParse(shape(body));
    if (parsed.success) return successResult(parsed.data);
    return errorResult({
      code: 'INTERNAL',
      message:
        `the control plane at ${discovery.address} answered ${request.method} ` +
        `${request.path} in a shape this client-mcp does not know (${schemaProblem(parsed.error, 1)}); ` +
        'use a client-mcp from the same release as the app',
    });
  }
  if (isJsonRecord(body) && isErrorCode(body.code) && typeof body.message === 'string') {
    return errorResult({ code: body.code, message: body.message });
  }
  return errorResult({
    code: 'INTERNAL',
    message: `the control plane at ${discovery.address} answered HTTP ${status} without an error body; see the app's log`,
  });
}
