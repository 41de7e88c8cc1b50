import { randomUUID } from 'node:crypto';
import { AppError, type EndpointDraft, isEnabled, type McpSettings } from '@client/core';
import { scopeScrubber, type VariableScope } from '@client/http';
import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import { loadVariableScope } from '../sending/load-variable-scope.js';
import type { RequestSender } from '../sending/request-sender.js';
import { describeTarget, type McpTarget } from './mcp-target.js';

/** An MCP endpoint as the window has it open (saved or not), to connect to. */
export interface McpConnectInput {
  projectId: string;
  endpointId: string | null;
  environmentId: string | null;
  /** The folder an unsaved endpoint is to be saved in, whose auth it inherits. */
  folderId?: string | null;
  request: EndpointDraft;
  mcp: McpSettings;
}

/** The SDK's transport sets these itself for each message; the endpoint's would clash with them. */
const TRANSPORT_HEADERS = new Set(['accept', 'content-type', 'content-length']);

/** A resolved target and what masks its secrets in anything kept (History). */
export interface ResolvedTarget {
  target: McpTarget;
  /** The target as History shows it: the URL with its secrets masked, or the command line. */
  shown: string;
  scrub: (text: string) => string;
}

function resolveText(scope: VariableScope, text: string, label: string): string {
  const missing = scope.missing(text);
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION',
      `${label} uses {{${missing.join('}}, {{')}}}, which no variable defines; define it in the project or environment`,
    );
  }
  return scope.resolve(text, false);
}

/**
 * A command line is readable by every process of the machine (`ps`), so a secret may reach a stdio server through
 * its environment only.
 */
function refuseSecretOnCommandLine(scope: VariableScope, text: string, label: string): void {
  const secrets = scope.secretsIn(text);
  if (secrets.length > 0) {
    throw new AppError(
      'VALIDATION',
      `${label} uses the secret {{${secrets[0]}}}; a command line is visible to every program of this computer, ` +
        'so pass the secret in an environment variable of the server instead',
    );
  }
}

async function stdioTarget(
  settings: Extract<McpSettings, { transport: 'stdio' }>,
  scope: VariableScope,
): Promise<McpTarget> {
  refuseSecretOnCommandLine(scope, settings.command, 'the command');
  for (const [index, arg] of settings.args.entries()) refuseSecretOnCommandLine(scope, arg, `argument ${index + 1}`);
  const env: Record<string, string> = {};
  for (const row of settings.env.filter(isEnabled)) {
    if (row.key.trim() === '') continue;
    env[row.key] = resolveText(scope, row.value, `the environment variable ${row.key}`);
  }
  return {
    transport: 'stdio',
    command: resolveText(scope, settings.command, 'the command'),
    args: settings.args.map((arg, index) => resolveText(scope, arg, `argument ${index + 1}`)),
    env,
  };
}

/**
 * Where an MCP endpoint connects, with its variables resolved. Over HTTP the endpoint's URL, headers and auth are
 * built by the same engine as a Send (the project's `base_url`, inherited auth, secrets held to their hosts), so
 * an MCP endpoint is written like any other.
 */
export async function mcpTargetOf(
  input: McpConnectInput,
  sender: RequestSender,
  store: Store,
  secrets: () => Promise<SecretBox>,
): Promise<ResolvedTarget> {
  if (store.projects.get(input.projectId) === undefined) {
    throw new AppError('NOT_FOUND', `no project "${input.projectId}"; it may have been deleted`);
  }
  const { mcp } = input;
  if (mcp.transport === 'stdio') {
    const scope = await loadVariableScope(store, secrets, input.projectId, input.environmentId);
    const target = await stdioTarget(mcp, scope);
    return { target, shown: describeTarget(target), scrub: scopeScrubber(scope) };
  }
  const preparation = await sender.prepare(
    {
      requestId: randomUUID(),
      projectId: input.projectId,
      endpointId: input.endpointId,
      environmentId: input.environmentId,
      ...(input.folderId === undefined ? {} : { folderId: input.folderId }),
      request: { ...input.request, method: 'POST', body: { mode: 'none' } },
    },
    'person',
  );
  if (!preparation.ok) throw new AppError(preparation.code, preparation.message);
  const { outgoing, scope } = preparation.send.prepared;
  const headers: Record<string, string> = {};
  for (const { key, value } of outgoing.headers) {
    if (!TRANSPORT_HEADERS.has(key.toLowerCase())) headers[key] = value;
  }
  return {
    target: { transport: 'http', url: outgoing.url.href, headers },
    shown: outgoing.record.url,
    scrub: scopeScrubber(scope),
  };
}
