import { useState } from 'react';
import { api } from '../api/client.js';
import type { RestoreOutcome } from '../api/types.js';
import { useSubmit } from '../hooks/use-submit.js';
import { counted } from '../lib/format.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

/** What the picked file says about itself, read in the page before anything is sent. */
interface PickedBackup {
  fileName: string;
  text: string;
  projects: number;
  sealedSecrets: boolean;
}

function readPicked(fileName: string, text: string): PickedBackup | string {
  try {
    const file = JSON.parse(text) as { format?: unknown; projects?: unknown; secrets?: unknown };
    if (file.format !== 'client-backup' || !Array.isArray(file.projects)) {
      return `${fileName} is not a Client backup; pick a file made by Back up all projects or client backup.`;
    }
    return { fileName, text, projects: file.projects.length, sealedSecrets: file.secrets !== null };
  } catch {
    return `${fileName} is not a JSON file; pick a file made by Back up all projects or client backup.`;
  }
}

/**
 * Restores a backup file as new projects beside the ones there are: pick the file, type its passphrase when it
 * holds sealed secrets, then read what was restored.
 */
export function RestoreDialog({ onRestored, onClose }: { onRestored: () => void; onClose: () => void }) {
  const [picked, setPicked] = useState<PickedBackup | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [outcome, setOutcome] = useState<RestoreOutcome | null>(null);
  const { busy, error, setError, run } = useSubmit();

  const pick = async (file: File | undefined) => {
    setPicked(null);
    setError(null);
    if (file === undefined) return;
    const read = readPicked(file.name, await file.text());
    if (typeof read === 'string') setError(read);
    else setPicked(read);
  };

  const submit = () => {
    if (picked === null) {
      setError('Pick a backup file first.');
      return;
    }
    void run(async () => {
      const restored = await api.restore(picked.text, passphrase === '' ? undefined : passphrase);
      setOutcome(restored);
      onRestored();
    });
  };

  if (outcome !== null) {
    return (
      <Dialog
        title="Restore from a backup"
        onClose={onClose}
        footer={
          // Nothing is left to cancel once the projects are back.
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            Done
          </button>
        }
      >
        <section className="restore-summary" aria-label="Restored">
          <p>Restored {counted(outcome.projects.length, 'project')} as new projects, beside the ones you had.</p>
          <ul className="restore-projects">
            {outcome.projects.map((project) => (
              <li key={project.projectId}>
                <strong>{project.name}</strong> · {counted(project.endpoints, 'endpoint')}
              </li>
            ))}
          </ul>
          {outcome.warnings.length > 0 && (
            <ul className="restore-warnings" aria-label="Warnings">
              {outcome.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </section>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Restore from a backup"
      subtitle="Every project of the file comes back as a new project, with its folders, endpoints, environments and history. Nothing you have is changed."
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel={busy ? 'Restoring…' : 'Restore'}
          onCancel={onClose}
          form="restore-form"
          disabled={busy || picked === null}
        />
      }
    >
      <form
        id="restore-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="file-drop">
          <input
            className="visually-hidden"
            type="file"
            accept=".json,application/json"
            aria-label="Backup file"
            onChange={(event) => void pick(event.target.files?.[0])}
            data-autofocus
          />
          <strong>{picked === null ? 'Choose a backup file' : picked.fileName}</strong>
          <span className="muted">
            {picked === null
              ? 'The .json file that Back up all projects or client backup wrote'
              : `${counted(picked.projects, 'project')}, ${picked.sealedSecrets ? 'secret values sealed with a passphrase' : 'no secret values'} · choose another`}
          </span>
        </label>
        {picked?.sealedSecrets === true && (
          <label className="field">
            <span className="field-label">Passphrase</span>
            <input
              className="input"
              type="password"
              autoComplete="current-password"
              aria-label="Passphrase"
              value={passphrase}
              onChange={(event) => {
                setPassphrase(event.target.value);
                setError(null);
              }}
            />
            <span className="field-hint">Leave it empty to restore without the secret values; their names stay.</span>
          </label>
        )}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
