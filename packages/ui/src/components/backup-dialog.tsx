import { useState } from 'react';
import { api } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import { downloadFile } from '../lib/download.js';
import { counted } from '../lib/format.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

const MIN_PASSPHRASE = 8;

/** A backup of every project, environment and history entry as one JSON file; secrets only when asked. */
export function BackupDialog({ onDone, onClose }: { onDone: (summary: string) => void; onClose: () => void }) {
  const [withSecrets, setWithSecrets] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [repeated, setRepeated] = useState('');
  const { busy, error, setError, run } = useSubmit();

  const submit = () => {
    if (withSecrets && passphrase.length < MIN_PASSPHRASE) {
      setError(`The passphrase needs ${MIN_PASSPHRASE} characters or more.`);
      return;
    }
    if (withSecrets && passphrase !== repeated) {
      setError('The two passphrases differ; type the same one twice.');
      return;
    }
    void run(async () => {
      const backup = await api.backup(withSecrets ? passphrase : undefined);
      downloadFile(backup);
      onDone(
        `${counted(backup.projects, 'project')}, ${counted(backup.endpoints, 'endpoint')}, ${backup.history} in history; secrets ${backup.secrets}`,
      );
    });
  };

  return (
    <Dialog
      title="Back up all projects"
      subtitle="Every project with its folders, endpoints, environments and history, in one JSON file. Restore it from the project menu or with client restore."
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel={busy ? 'Preparing…' : 'Download backup'}
          onCancel={onClose}
          form="backup-form"
          disabled={busy}
        />
      }
    >
      <form
        id="backup-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="field field-inline">
          <input
            type="checkbox"
            aria-label="Include secret values"
            checked={withSecrets}
            onChange={(event) => setWithSecrets(event.target.checked)}
            data-autofocus
          />
          <span>Include secret values, encrypted with a passphrase</span>
        </label>
        {withSecrets ? (
          <div className="form-row">
            <label className="field">
              <span className="field-label">Passphrase</span>
              <input
                className="input"
                type="password"
                autoComplete="new-password"
                aria-label="Passphrase"
                value={passphrase}
                onChange={(event) => {
                  setPassphrase(event.target.value);
                  setError(null);
                }}
              />
            </label>
            <label className="field">
              <span className="field-label">Repeat it</span>
              <input
                className="input"
                type="password"
                autoComplete="new-password"
                aria-label="Repeat the passphrase"
                value={repeated}
                onChange={(event) => {
                  setRepeated(event.target.value);
                  setError(null);
                }}
              />
            </label>
          </div>
        ) : (
          <p className="field-hint">Secret values are left out; their names are kept, empty.</p>
        )}
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
