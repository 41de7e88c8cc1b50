/**
 * An environment variable of a stdio server, a row like the model's `KeyValue` (`enabled: false` keeps it unsent);
 * spelt out here because the model imports these settings.
 */
interface McpEnvVariable {
  key: string;
  value: string;
  enabled?: boolean;
}

/**
 * How an MCP endpoint reaches its server. Over Streamable HTTP the endpoint's own URL and headers are used; over
 * stdio the app starts `command` with `args`, and `env` on top of a small safe part of the app's environment.
 * Values may hold `{{variables}}`; a secret may go in `env` only, never on the command line, where every process
 * of the machine can read it.
 */
export type McpSettings =
  | { transport: 'http' }
  | { transport: 'stdio'; command: string; args: string[]; env: McpEnvVariable[] };

/** One JSON-RPC message of a session, as it went over the transport. */
export interface McpExchangeEntry {
  /** Counts from 1 in the session, so a window that polls asks only for what is new. */
  seq: number;
  direction: 'sent' | 'received';
  /** Milliseconds since the session began connecting. */
  ms: number;
  message: unknown;
}

/** What the server said of itself when the session began. */
export interface McpSessionInfo {
  sessionId: string;
  transport: McpSettings['transport'];
  server: { name: string; version: string; title?: string };
  protocolVersion: string;
  instructions?: string;
  /** Which of the lists the server offers. */
  offers: { tools: boolean; resources: boolean; prompts: boolean };
}

/** A JSON Schema object as a server declares it; the window builds a form from the parts it knows. */
export type McpJsonSchema = Record<string, unknown>;

export interface McpToolView {
  name: string;
  title?: string;
  description?: string;
  inputSchema: McpJsonSchema;
  outputSchema?: McpJsonSchema;
}

export interface McpResourceView {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpResourceTemplateView {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface McpPromptView {
  name: string;
  title?: string;
  description?: string;
  arguments: { name: string; description?: string; required?: boolean }[];
}

/** Everything a server lists, each list empty when the server does not offer it. */
export interface McpCatalog {
  tools: McpToolView[];
  resources: McpResourceView[];
  resourceTemplates: McpResourceTemplateView[];
  prompts: McpPromptView[];
}

/** The answer of one call (a tool, a resource read, a prompt): the result as the server gave it. */
export interface McpCallAnswer {
  result: Record<string, unknown>;
  /** A tool's own failure (`isError` in its result); a protocol error is an `AppError` instead. */
  isError: boolean;
  durationMs: number;
}
