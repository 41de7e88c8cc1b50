import type { McpCallAnswer, McpCatalog, McpExchangeEntry, McpSessionInfo } from '@client/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type McpCallRequest, type McpConnectRequest, mcpApi } from '../api/mcp-api.js';
import { messageOf } from '../lib/message-of.js';
import { useAppEvent } from './app-events.js';

/** What the result pane shows: the last call's answer, or why it failed. */
export type McpResultState =
  | { kind: 'idle' }
  | { kind: 'calling'; what: string }
  | { kind: 'done'; what: string; answer: McpCallAnswer }
  | { kind: 'failed'; what: string; message: string };

export type McpConnectionState =
  | { kind: 'disconnected'; error?: string }
  | { kind: 'connecting' }
  | { kind: 'connected'; session: McpSessionInfo; catalog: McpCatalog };

/** The raw view keeps this many messages in the page; the app keeps its own capped list. */
const PAGE_EXCHANGE_CAP = 2000;

/**
 * One MCP endpoint's session as its view uses it: connect, call, disconnect, and the raw JSON-RPC messages, read
 * after each step. The session ends when the view goes, so a stdio server does not outlive its tab.
 */
export function useMcpSession() {
  const [connection, setConnection] = useState<McpConnectionState>({ kind: 'disconnected' });
  const [result, setResult] = useState<McpResultState>({ kind: 'idle' });
  const [exchange, setExchange] = useState<{ entries: McpExchangeEntry[]; dropped: number }>({
    entries: [],
    dropped: 0,
  });
  const sessionRef = useRef<string | null>(null);
  const lastSeq = useRef(0);

  const readExchange = useCallback(async (sessionId: string) => {
    const fresh = await mcpApi.exchange(sessionId, lastSeq.current).catch(() => null);
    if (fresh === null || sessionRef.current !== sessionId) return;
    lastSeq.current = fresh.entries.at(-1)?.seq ?? lastSeq.current;
    setExchange((current) => {
      const entries = [...current.entries, ...fresh.entries];
      const over = Math.max(0, entries.length - PAGE_EXCHANGE_CAP);
      return { entries: entries.slice(over), dropped: fresh.dropped + over };
    });
  }, []);

  const connect = useCallback(
    async (request: McpConnectRequest) => {
      if (sessionRef.current !== null) void mcpApi.disconnect(sessionRef.current).catch(() => undefined);
      sessionRef.current = null;
      lastSeq.current = 0;
      setExchange({ entries: [], dropped: 0 });
      setResult({ kind: 'idle' });
      setConnection({ kind: 'connecting' });
      try {
        const { session, catalog } = await mcpApi.connect(request);
        sessionRef.current = session.sessionId;
        setConnection({ kind: 'connected', session, catalog });
        await readExchange(session.sessionId);
      } catch (caught) {
        setConnection({ kind: 'disconnected', error: messageOf(caught) });
      }
    },
    [readExchange],
  );

  const disconnect = useCallback(async () => {
    const sessionId = sessionRef.current;
    sessionRef.current = null;
    setConnection({ kind: 'disconnected' });
    if (sessionId !== null) await mcpApi.disconnect(sessionId).catch(() => undefined);
  }, []);

  const call = useCallback(
    async (request: McpCallRequest, what: string) => {
      const sessionId = sessionRef.current;
      if (sessionId === null) return;
      setResult({ kind: 'calling', what });
      try {
        setResult({ kind: 'done', what, answer: await mcpApi.call(sessionId, request) });
      } catch (caught) {
        setResult({ kind: 'failed', what, message: messageOf(caught) });
      }
      await readExchange(sessionId);
    },
    [readExchange],
  );

  useAppEvent((event) => {
    if (event.type !== 'mcp-session-ended' || event.sessionId !== sessionRef.current) return;
    sessionRef.current = null;
    setConnection({ kind: 'disconnected', error: 'The server ended the session.' });
  });

  useEffect(
    () => () => {
      if (sessionRef.current !== null) void mcpApi.disconnect(sessionRef.current).catch(() => undefined);
    },
    [],
  );

  return { connection, result, exchange, connect, disconnect, call };
}
