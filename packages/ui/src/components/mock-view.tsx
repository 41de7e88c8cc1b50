import '../styles/mocks.css';
import type { Folder, MockInfo } from '@client/core';
import { useId, useState } from 'react';
import { api } from '../api/client.js';
import type { MocksState } from '../hooks/use-mocks.js';
import { copyText } from '../lib/clipboard.js';
import { messageOf } from '../lib/message-of.js';
import { buildMockStart, type MockSetup } from '../lib/mock-start.js';
import { folderPath } from '../lib/run-order.js';
import { Icon } from './icons.js';
import { MockCard } from './mock-card.js';
import { MockSetupForm } from './mock-setup.js';

export interface MockViewProps {
  projectId: string;
  projectName: string;
  folders: readonly Folder[];
  /** The folder the form starts on (a folder's "Mock this folder…"); null: the whole project. */
  folderId: string | null;
  /** The app's running mocks and their logs, followed by the workspace. */
  running: MocksState;
  onClose: () => void;
  onNotice: (message: string, tone: 'success' | 'error', detail?: string) => void;
}

/**
 * The Mock view: starts a mock of the project or one of its folders (a server on 127.0.0.1 answering from the
 * endpoints' examples and API description), and lists every running mock of the app — this project's first, then the
 * others', an agent's too — each with its address, options, a Stop button and the requests it answers as they come.
 */
export function MockView(props: MockViewProps) {
  const { projectId, folders } = props;
  const { mocks, logs, error: loadError } = props.running;
  const [setup, setSetup] = useState<MockSetup>({
    folderId: props.folderId,
    port: '',
    validate: true,
    delay: undefined,
    corsOrigins: '',
  });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [stopping, setStopping] = useState<ReadonlySet<string>>(new Set());
  const request = buildMockStart(projectId, setup);
  const runningTitle = useId();

  const start = async () => {
    if (!request.ok) return;
    setStarting(true);
    setStartError(null);
    try {
      const mock = await api.startMock(request.value);
      props.onNotice(`Mock started on ${mock.url}`, 'success');
    } catch (caught) {
      setStartError(messageOf(caught));
    } finally {
      setStarting(false);
    }
  };
  const stop = async (mock: MockInfo) => {
    setStopping((current) => new Set([...current, mock.id]));
    try {
      await api.stopMock(mock.id);
    } catch (caught) {
      props.onNotice('Could not stop the mock', 'error', messageOf(caught));
    } finally {
      setStopping((current) => new Set([...current].filter((id) => id !== mock.id)));
    }
  };
  const copy = async (mock: MockInfo) => {
    try {
      await copyText(mock.url);
      props.onNotice(`Copied ${mock.url}`, 'success');
    } catch (caught) {
      props.onNotice('Could not copy', 'error', messageOf(caught));
    }
  };
  const scopeOf = (mock: MockInfo): string => {
    if (mock.projectId !== projectId)
      return mock.folderId === null ? mock.projectName : `${mock.projectName}, a folder`;
    if (mock.folderId === null) return props.projectName;
    return `${props.projectName} / ${folderPath(folders, mock.folderId) || 'a folder that is gone'}`;
  };
  // This project's mocks first, each group in the order they started.
  const shown = [...(mocks ?? [])].sort(
    (a, b) => Number(b.projectId === projectId) - Number(a.projectId === projectId),
  );

  return (
    <div className="mock-view" data-testid="mock-view">
      <div className="mock-header">
        <h2 className="mock-title">
          Mock <span className="mock-target">{props.projectName}</span>
        </h2>
        <div className="toolbar-spacer" />
        <button type="button" className="icon-button" aria-label="Close the mock view" onClick={props.onClose}>
          <Icon name="x" />
        </button>
      </div>
      <div className="mock-body">
        <MockSetupForm
          setup={setup}
          onSetup={setSetup}
          folders={folders}
          problem={request.ok ? null : request.problem}
          error={startError}
          starting={starting}
          onStart={() => void start()}
        />
        <section className="mock-running" aria-labelledby={runningTitle}>
          <h3 className="section-title" id={runningTitle}>
            Running mocks{mocks !== null && mocks.length > 0 ? ` (${mocks.length})` : ''}
          </h3>
          {loadError !== null && (
            <p className="form-error" role="alert">
              {loadError}
            </p>
          )}
          {mocks === null ? (
            <p className="muted">Loading…</p>
          ) : shown.length === 0 ? (
            <p className="muted mock-none">
              No mock is running. Start one to get an API on 127.0.0.1 that answers from this project’s examples and API
              description — before the real one exists.
            </p>
          ) : (
            shown.map((mock) => (
              <MockCard
                key={mock.id}
                mock={mock}
                scope={scopeOf(mock)}
                log={logs.get(mock.id) ?? []}
                stopping={stopping.has(mock.id)}
                onCopy={() => void copy(mock)}
                onStop={() => void stop(mock)}
              />
            ))
          )}
        </section>
      </div>
    </div>
  );
}
