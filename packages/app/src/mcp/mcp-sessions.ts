import { randomUUID } from 'node:crypto';
import {
  AppError,
  type McpCallAnswer,
  type McpCatalog,
  type McpExchangeEntry,
  type McpSessionInfo,
} from '@client/core';
import type { NewHistoryEntry } from '@client/store';
import { McpConnection } from './mcp-connection.js';
import type { ResolvedTarget } from './mcp-target-of.js';

/** How much of a call's request and result History keeps. */
const HISTORY_TEXT_CAP = 256 * 1024;

/** Whose session it is: History links its calls there. */
export interface McpSessionOwner {
  projectId: string;
  endpointId: string | null;
}

/** A call a session makes for the window. */
export type McpCall =
  | { method: 'tools/call'; name: string; arguments: Record<string, unknown> }
  | { method: 'resources/read'; uri: string }
  | { method: 'prompts/get'; name: string; arguments: Record<string, string> };

export interface McpSessionsOptions {
  clientVersion: string;
  timeoutMs: number;
  /** Writes a History entry for each call. */
  keep(entry: NewHistoryEntry): void;
  /** Told when a session ends by itself (the server exited or hung up), so the window can say so. */
  onEnded(sessionId: string): void;
}

interface OpenSession {
  connection: McpConnection;
  owner: McpSessionOwner;
  resolved: ResolvedTarget;
}

function capped(text: string): string {
  return text.length > HISTORY_TEXT_CAP ? text.slice(0, HISTORY_TEXT_CAP) : text;
}

/**
 * The window's open MCP sessions, held by the app (not the page) so that a stdio server's process belongs to the
 * app and ends with it. Only the window's routes open a session: agents cannot start a program.
 */
export class McpSessions {
  private readonly open = new Map<string, OpenSession>();

  constructor(private readonly options: McpSessionsOptions) {}

  async connect(owner: McpSessionOwner, resolved: ResolvedTarget): Promise<McpSessionInfo> {
    const sessionId = randomUUID();
    const connection = await McpConnection.open(resolved.target, {
      sessionId,
      clientVersion: this.options.clientVersion,
      timeoutMs: this.options.timeoutMs,
      onClosed: () => {
        if (this.open.delete(sessionId)) this.options.onEnded(sessionId);
      },
    });
    this.open.set(sessionId, { connection, owner, resolved });
    return connection.info;
  }

  catalog(sessionId: string): Promise<McpCatalog> {
    return this.session(sessionId).connection.catalog();
  }

  /** Makes one call and keeps it in History, failed or not. */
  async call(sessionId: string, call: McpCall): Promise<McpCallAnswer> {
    const { connection, owner, resolved } = this.session(sessionId);
    const startedAt = performance.now();
    const base = {
      id: randomUUID(),
      projectId: owner.projectId,
      endpointId: owner.endpointId,
      method: 'MCP',
      url: resolved.shown,
      requestHeaders: [],
      requestBody: capped(resolved.scrub(JSON.stringify({ method: call.method, params: paramsOf(call) }, null, 2))),
      sentBy: 'person' as const,
    };
    try {
      const answer = await this.run(connection, call);
      const text = resolved.scrub(JSON.stringify(answer.result, null, 2));
      this.options.keep({
        ...base,
        status: 200,
        error: null,
        durationMs: answer.durationMs,
        responseSize: Buffer.byteLength(text, 'utf8'),
        responseHeaders: [{ key: 'Content-Type', value: 'application/json' }],
        responseBody: capped(text),
        responseCut: text.length > HISTORY_TEXT_CAP,
      });
      return answer;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.keep({
        ...base,
        status: null,
        error: resolved.scrub(message),
        durationMs: Math.round(performance.now() - startedAt),
        responseSize: 0,
        responseHeaders: [],
        responseBody: null,
      });
      throw error;
    }
  }

  exchange(sessionId: string, afterSeq: number): { entries: McpExchangeEntry[]; dropped: number } {
    return this.session(sessionId).connection.exchange(afterSeq);
  }

  async disconnect(sessionId: string): Promise<void> {
    const session = this.open.get(sessionId);
    if (session === undefined) return;
    this.open.delete(sessionId);
    await session.connection.close();
  }

  /** Ends every session (stdio servers' processes too): when the app stops. */
  async closeAll(): Promise<void> {
    const sessions = [...this.open.values()];
    this.open.clear();
    await Promise.all(sessions.map((session) => session.connection.close().catch(() => undefined)));
  }

  private run(connection: McpConnection, call: McpCall): Promise<McpCallAnswer> {
    switch (call.method) {
      case 'tools/call':
        return connection.callTool(call.name, call.arguments);
      case 'resources/read':
        return connection.readResource(call.uri);
      case 'prompts/get':
        return connection.getPrompt(call.name, call.arguments);
    }
  }

  private session(sessionId: string): OpenSession {
    const session = this.open.get(sessionId);
    if (session === undefined) {
      throw new AppError('NOT_FOUND', 'this MCP session has ended; connect again');
    }
    return session;
  }
}

function paramsOf(call: McpCall): Record<string, unknown> {
  if (call.method === 'resources/read') return { uri: call.uri };
  return { name: call.name, arguments: call.arguments };
}
