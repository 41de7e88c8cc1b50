import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AgentPermission } from '../api/types.js';
import { useAppEvent } from '../hooks/app-events.js';
import { formatWhen } from '../lib/format.js';
import { useToasts } from './toasts.js';

function scopeOf(permission: AgentPermission): string {
  return permission.endpointId === null
    ? `every endpoint of ${permission.projectName}`
    : `${permission.endpointName ?? 'an endpoint'} in ${permission.projectName}`;
}

function untilOf(permission: AgentPermission): string {
  return permission.expiresAt === null
    ? 'until Client closes'
    : `until ${new Date(permission.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

function NotificationSwitch() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported || permission === 'granted') return null;
  return (
    <button
      type="button"
      className="button button-small"
      disabled={permission === 'denied'}
      title={permission === 'denied' ? 'Notifications are blocked for Client in the browser settings' : undefined}
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Notify me when an agent asks
    </button>
  );
}

/** The standing permissions agents send under, each revocable, in the Agent panel. */
export function AgentPermissions() {
  const [permissions, setPermissions] = useState<AgentPermission[] | null>(null);
  const toasts = useToasts();
  const load = useCallback(() => {
    api.listAgentPermissions().then(setPermissions, () => setPermissions([]));
  }, []);
  useEffect(load, [load]);
  useAppEvent((event) => {
    if (event.type === 'agent-permissions-changed' || event.type === 'projects-changed') load();
  });

  const revoke = async (permissionId: string | null) => {
    try {
      if (permissionId === null) await api.revokeAgentPermissions();
      else await api.revokeAgentPermission(permissionId);
    } catch (caught) {
      toasts.show('Could not revoke', {
        tone: 'error',
        detail: caught instanceof Error ? caught.message : String(caught),
      });
    }
    load();
  };

  return (
    <section className="agent-section" aria-labelledby="agent-permissions-title">
      <div className="agent-section-head">
        <div>
          <h3 id="agent-permissions-title">Sending</h3>
          <p className="muted">
            Agents can send saved endpoints only when you allow it. These permissions let them send without asking; in a
            terminal, <code>client agent allow --project NAME --minutes 15</code> gives one.
          </p>
        </div>
        <NotificationSwitch />
      </div>
      {permissions === null ? null : permissions.length === 0 ? (
        <p className="muted" data-testid="agent-permissions-empty">
          No standing permissions: every send asks you first.
        </p>
      ) : (
        <>
          <ul className="agent-permissions" aria-label="Standing permissions">
            {permissions.map((permission) => (
              <li key={permission.id}>
                <span>
                  {scopeOf(permission)}, {untilOf(permission)}
                  <span className="muted"> · given {formatWhen(permission.createdAt)}</span>
                </span>
                <button type="button" className="button button-small" onClick={() => void revoke(permission.id)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-ghost button-small" onClick={() => void revoke(null)}>
            Revoke all
          </button>
        </>
      )}
    </section>
  );
}
