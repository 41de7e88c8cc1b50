import { useState } from 'react';
import { api } from '../api/client.js';
import type { AgentSetupView } from '../api/types.js';
import { Icon } from './icons.js';
import { useToasts } from './toasts.js';

const TITLES: Record<string, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  codex: 'Codex',
  windsurf: 'Windsurf',
  json: 'Other (JSON)',
};

interface AgentSetupProps {
  setups: AgentSetupView[];
  onCopy: (text: string, what: string) => void;
}

/** Each agent's own way to start client-mcp: the snippet to copy, and the file Install writes it into. */
export function AgentSetup({ setups, onCopy }: AgentSetupProps) {
  const [chosen, setChosen] = useState('json');
  const toasts = useToasts();
  const setup = setups.find((candidate) => candidate.target === chosen) ?? setups[0];
  if (setup === undefined) return null;
  const title = TITLES[setup.target] ?? setup.target;

  const install = async () => {
    try {
      const outcome = await api.installAgentConfig(setup.target);
      toasts.show(`Set up ${title}`, {
        tone: 'success',
        detail:
          outcome.backup === null
            ? `Created ${outcome.path}`
            : `Updated ${outcome.path}; the old file is ${outcome.backup}`,
      });
    } catch (caught) {
      toasts.show(`Could not set up ${title}`, {
        tone: 'error',
        detail: caught instanceof Error ? caught.message : String(caught),
      });
    }
  };

  return (
    <section className="agent-section" aria-labelledby="agent-setup-title">
      <div className="agent-section-head">
        <div>
          <h3 id="agent-setup-title">MCP client</h3>
          <p className="muted">
            Set up your agent to use Client's tools: install it in one click, or copy what it needs.
          </p>
        </div>
        <select
          className="select"
          aria-label="Agent to set up"
          value={setup.target}
          onChange={(event) => setChosen(event.target.value)}
        >
          {setups.map((candidate) => (
            <option key={candidate.target} value={candidate.target}>
              {TITLES[candidate.target] ?? candidate.target}
            </option>
          ))}
        </select>
      </div>
      <pre className="code-view snippet" data-testid="agent-setup-snippet">
        {setup.text}
      </pre>
      <div className="agent-setup-actions">
        <button
          type="button"
          className="button"
          onClick={() => onCopy(setup.text, setup.target === 'json' ? 'MCP config' : `${title} set-up`)}
        >
          <Icon name="copy" size={14} />{' '}
          {setup.target === 'json' ? 'Copy MCP config' : setup.language === 'shell' ? 'Copy command' : 'Copy'}
        </button>
        {setup.configPath !== null && (
          <button type="button" className="button button-primary" onClick={() => void install()}>
            Install into {setup.configPath}
          </button>
        )}
      </div>
    </section>
  );
}
