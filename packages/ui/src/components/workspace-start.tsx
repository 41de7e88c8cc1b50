import { Icon } from './icons.js';

/** The editor pane with no endpoint open: what to do first. */
export function WorkspaceStart({
  empty,
  onNewRequest,
  onImport,
}: {
  /** The project has no endpoint at all yet. */
  empty: boolean;
  onNewRequest: () => void;
  onImport: () => void;
}) {
  return (
    <div className="center-state">
      <div className="center-icon">
        <Icon name="send" size={30} />
      </div>
      <h2>{empty ? 'Start with a request' : 'Open an endpoint'}</h2>
      <p className="muted">
        Pick one in the sidebar, create a request, or paste a cURL command. Agents connected through the{' '}
        <strong>Agent</strong> panel can add endpoints here too; they appear as they are saved.
      </p>
      <div className="center-actions">
        <button type="button" className="button button-primary" onClick={onNewRequest}>
          <Icon name="plus" size={14} /> New request
        </button>
        <button type="button" className="button" onClick={onImport}>
          <Icon name="terminal" size={14} /> Import from cURL
        </button>
      </div>
    </div>
  );
}
