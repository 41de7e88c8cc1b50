import type { EndpointKind } from '@client/core';
import { MethodBadge } from './method-badge.js';

/** What a badge says for an endpoint that is not an HTTP request: its method would tell nothing. */
const KIND_BADGES: Record<EndpointKind, { label: string; title: string }> = {
  websocket: { label: 'WS', title: 'WebSocket' },
  mcp: { label: 'MCP', title: 'MCP server' },
};

/** An endpoint's method in its colour, or its kind when it is not an HTTP request. */
export function EndpointBadge({ method, kind, id }: { method: string; kind?: EndpointKind | undefined; id?: string }) {
  if (kind === undefined) return <MethodBadge method={method} {...(id === undefined ? {} : { id })} />;
  const { label, title } = KIND_BADGES[kind];
  return (
    <span className={`method-badge method-badge-small kind-${kind}`} title={title} id={id}>
      {label}
    </span>
  );
}
