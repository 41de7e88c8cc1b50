import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { AgentPrompt, AgentRunPrompt, AgentSendPrompt, ConsentDecision } from '../api/types.js';
import { useAppEvent } from '../hooks/app-events.js';
import { Dialog } from './dialog.js';
import { MethodBadge } from './method-badge.js';
import { useToasts } from './toasts.js';

/** Tells a person who is in another window that an agent is waiting, when they allowed notifications. */
function notify(prompt: AgentPrompt): void {
  if (document.hasFocus() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const [title, body] =
    prompt.kind === 'run'
      ? [
          'An agent asks to run tests',
          `${prompt.requestCount} requests to ${prompt.hosts.join(', ')}\n${prompt.projectName}`,
        ]
      : [
          'An agent asks to send a request',
          `${prompt.method} ${prompt.url}\n${prompt.projectName} · ${prompt.endpointName}`,
        ];
  const notification = new Notification(title, { body, tag: prompt.id });
  notification.onclick = () => window.focus();
}

function secondsLeft(expiresAt: string): number {
  return Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000));
}

/** The seconds the agent still waits, counting down. */
function useSecondsLeft(expiresAt: string): number {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt));
  useEffect(() => {
    const timer = setInterval(() => setLeft(secondsLeft(expiresAt)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return left;
}

/** Which of the person's secrets go out and where, so a secret never leaves unnamed behind `••••`. */
function SecretsGoingOut({ prompt }: { prompt: AgentSendPrompt | AgentRunPrompt }) {
  if (prompt.secrets.length === 0) return null;
  return (
    <div className="agent-prompt-secrets" data-testid="agent-prompt-secrets">
      {prompt.agentWritten && (
        <p className="dialog-message">
          An agent wrote {prompt.kind === 'run' ? 'a request of this run' : 'this request'} and it carries your secrets,
          so no standing permission covers it: check where each one goes.
        </p>
      )}
      <table className="agent-prompt-headers">
        <caption>Secrets it sends</caption>
        <tbody>
          {prompt.secrets.map((secret) => (
            <tr key={`${secret.name}\0${secret.host}`}>
              <th scope="row">
                <code>{`{{${secret.name}}}`}</code>
              </th>
              <td>to {secret.host}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SendDetails({ prompt }: { prompt: AgentSendPrompt }) {
  return (
    <div className="agent-prompt" data-testid="agent-prompt">
      <div className="agent-prompt-line">
        <MethodBadge method={prompt.method} />
        <code className="agent-prompt-url">{prompt.url}</code>
      </div>
      <SecretsGoingOut prompt={prompt} />
      {prompt.overridden.length > 0 && (
        <p className="dialog-message">The agent changed, for this send only: {prompt.overridden.join(', ')}.</p>
      )}
      <table className="agent-prompt-headers">
        <caption>Headers</caption>
        <tbody>
          {prompt.headers.map((header, index) => (
            // Headers repeat (two Accept lines); their place in the list is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the life of the prompt
            <tr key={index}>
              <th scope="row">{header.key}</th>
              <td>{header.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {prompt.bodyPreview !== null && (
        <>
          <h4 className="agent-prompt-label">Body</h4>
          <pre className="code-view agent-prompt-body">{prompt.bodyPreview}</pre>
        </>
      )}
      <p className="muted">
        Your variables and secrets are filled in by Client; the agent gets the response with them masked. The send is
        kept in History.
      </p>
    </div>
  );
}

function RunDetails({ prompt }: { prompt: AgentRunPrompt }) {
  const more = prompt.requestCount - prompt.requests.length;
  return (
    <div className="agent-prompt" data-testid="agent-prompt">
      <p className="dialog-message">
        {prompt.requestCount} {prompt.requestCount === 1 ? 'request' : 'requests'}
        {prompt.iterations > 1 ? `, ${prompt.iterations} times over,` : ''} to{' '}
        {prompt.hosts.length === 0 ? 'hosts its scripts set' : prompt.hosts.join(', ')}.
      </p>
      <SecretsGoingOut prompt={prompt} />
      {prompt.scriptsSendRequests && (
        <p className="dialog-message">
          Its scripts may send further requests (pm.sendRequest), to hosts not listed here.
        </p>
      )}
      <table className="agent-prompt-headers">
        <caption>Requests, in the order they run</caption>
        <tbody>
          {prompt.requests.map((request, index) => (
            // Two requests may share a name and URL; their place in the run is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the life of the prompt
            <tr key={index}>
              <th scope="row">
                <MethodBadge method={request.method} /> {request.name}
              </th>
              <td>{request.url}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <p className="muted">and {more} more.</p>}
      <p className="muted">
        Your variables and secrets are filled in by Client; the agent gets each failure with them masked. The run is
        kept with your runs.
      </p>
    </div>
  );
}

function PromptDialog({ prompt, onAnswer }: { prompt: AgentPrompt; onAnswer: (decision: ConsentDecision) => void }) {
  const left = useSecondsLeft(prompt.expiresAt);
  const run = prompt.kind === 'run';
  const what = run ? (prompt.folderName ?? 'the whole project') : prompt.endpointName;
  return (
    <Dialog
      title={run ? 'An agent asks to run tests' : 'An agent asks to send a request'}
      subtitle={
        <>
          {prompt.projectName} · {what}
          {prompt.environmentName === null ? '' : ` · ${prompt.environmentName}`} · the agent waits {left} s more
        </>
      }
      width="wide"
      onClose={() => onAnswer('deny')}
      footer={
        <>
          {/* Deny takes the focus: Enter alone must never send on an agent's behalf. */}
          <button type="button" className="button" onClick={() => onAnswer('deny')} data-autofocus>
            Deny
          </button>
          <button type="button" className="button" onClick={() => onAnswer('project')}>
            Allow this project for 15 minutes
          </button>
          {/* A run sends many endpoints: allowing one of them would not cover it. */}
          {!run && (
            <button type="button" className="button" onClick={() => onAnswer('endpoint')}>
              Allow this endpoint until Client closes
            </button>
          )}
          <button type="button" className="button button-primary" onClick={() => onAnswer('once')}>
            Allow once
          </button>
        </>
      }
    >
      {run ? <RunDetails prompt={prompt} /> : <SendDetails prompt={prompt} />}
    </Dialog>
  );
}

/**
 * Agents' sends and runs waiting for the person, on any screen: the oldest is shown, and the others follow as each is
 * answered or the agent stops waiting.
 */
export function AgentSendPrompts() {
  const [prompts, setPrompts] = useState<AgentPrompt[]>([]);
  const toasts = useToasts();
  const load = useCallback(() => {
    api.listAgentPrompts().then(setPrompts, () => undefined);
  }, []);
  useEffect(load, [load]);

  useAppEvent((event) => {
    if (event.type === 'agent-send-requested') {
      const { type: _type, ...prompt } = event;
      setPrompts((current) => [...current.filter((known) => known.id !== prompt.id), prompt]);
      notify(prompt);
    } else if (event.type === 'agent-send-settled') {
      setPrompts((current) => current.filter((known) => known.id !== event.id));
    } else if (event.type === 'projects-changed') {
      // A reconnected stream missed what happened meanwhile.
      load();
    }
  });

  const [first] = prompts;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = prompts.length === 0 ? base : `(${prompts.length}) ${base}`;
  }, [prompts.length]);
  if (first === undefined) return null;

  const answer = (decision: ConsentDecision) => {
    setPrompts((current) => current.filter((known) => known.id !== first.id));
    api.answerAgentPrompt(first.id, decision).catch((caught: unknown) =>
      toasts.show('The agent stopped waiting', {
        tone: 'error',
        detail: caught instanceof Error ? caught.message : String(caught),
      }),
    );
  };
  return <PromptDialog key={first.id} prompt={first} onAnswer={answer} />;
}
