import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AgentStatus } from '../api/types.js';
import { copyText } from '../lib/clipboard.js';
import { AgentPermissions } from './agent-permissions.js';
import { AgentSetup } from './agent-setup.js';
import { Dialog } from './dialog.js';
import { Icon } from './icons.js';
import { useToasts } from './toasts.js';

const REFRESH_MS = 3000;

/** The in-app status command: where the control plane listens and how an agent connects to it. */
export function AgentPanel({ onClose }: { onClose: () => void }) {
  const [status, setStatus] = useState<AgentStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toasts = useToasts();

  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const next = await api.agentStatus();
        if (!stopped) {
          setStatus(next);
          setError(null);
        }
      } catch (caught) {
        if (!stopped) setError(caught instanceof Error ? caught.message : String(caught));
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const copy = async (text: string, what: string) => {
    try {
      await copyText(text);
      toasts.show(`Copied the ${what}`, { tone: 'success' });
    } catch (caught) {
      toasts.show('Could not copy', {
        tone: 'error',
        detail: caught instanceof Error ? caught.message : String(caught),
      });
    }
  };

  return (
    <Dialog
      title="Agent"
      subtitle="AI agents save cURL commands into your projects, and send them with your consent, through the local control plane."
      width="wide"
      onClose={onClose}
    >
      {status === null ? (
        <p className="muted">{error ?? 'Loading…'}</p>
      ) : (
        <div className="agent-panel">
          <div className={status.running ? 'agent-state agent-state-up' : 'agent-state agent-state-down'}>
            <span className="status-dot" />
            <div>
              <div className="agent-state-title">
                {status.running ? 'Control plane running' : 'Control plane not running'}
              </div>
              {status.reason !== null && <div className="agent-reason">{status.reason}</div>}
            </div>
          </div>
          <dl className="facts">
            <Fact label="Status" value={status.running ? 'running' : 'not running'} testId="agent-running" />
            <Fact label="Address" value={status.address ?? '—'} testId="agent-address" />
            <Fact label="Port" value={status.port === null ? '—' : String(status.port)} testId="agent-port" />
            <Fact label="Token path" value={status.tokenPath} testId="agent-token-path" />
            <Fact label="Data dir" value={status.dataDir} testId="agent-data-dir" />
            <Fact label="Build" value={`${status.flavor} · v${status.version}`} testId="agent-flavor" />
          </dl>
          <AgentPermissions />
          <AgentSetup setups={status.agentSetups} onCopy={(text, what) => void copy(text, what)} />
          <section className="agent-section">
            <div className="agent-section-head">
              <div>
                <h3>Direct HTTP</h3>
                <p className="muted">
                  Any agent that runs commands can import with curl; the token is read from its file.
                </p>
              </div>
              <button type="button" className="button" onClick={() => void copy(status.curlExample, 'curl example')}>
                <Icon name="terminal" size={14} /> Copy curl example
              </button>
            </div>
            <pre className="code-view snippet">{status.curlExample}</pre>
          </section>
        </div>
      )}
    </Dialog>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
