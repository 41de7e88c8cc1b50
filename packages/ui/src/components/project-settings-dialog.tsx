import { BASE_URL_VARIABLE, type KeyValue } from '@client/core';
import { useState } from 'react';
import { ApiError, api } from '../api/client.js';
import type { ProjectDetail } from '../api/types.js';
import { Dialog } from './dialog.js';
import { KeyValueTable } from './key-value-table.js';

interface ProjectSettingsDialogProps {
  detail: ProjectDetail;
  onSaved: () => void;
  onClose: () => void;
}

/** Name, description and the project variables, `base_url` first because every endpoint builds on it. */
export function ProjectSettingsDialog({ detail, onSaved, onClose }: ProjectSettingsDialogProps) {
  const [name, setName] = useState(detail.project.name);
  const [description, setDescription] = useState(detail.project.description);
  const [variables, setVariables] = useState<KeyValue[]>(() => {
    const rows = detail.variables.map((variable) => ({ ...variable }));
    return rows.some((row) => row.key === BASE_URL_VARIABLE) ? rows : [{ key: BASE_URL_VARIABLE, value: '' }, ...rows];
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const keys = variables.map((row) => row.key.trim()).filter((key) => key !== '');
    const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
    if (duplicate !== undefined) {
      setError(`The variable ${duplicate} is defined twice; keep one of them.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const id = detail.project.id;
      await api.updateProject(id, { name: name.trim(), description });
      await api.setProjectVariables(
        id,
        variables.filter((row) => row.key.trim() !== '').map((row) => ({ key: row.key.trim(), value: row.value })),
      );
      onSaved();
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Project settings"
      width="wide"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || name.trim() === ''}
            onClick={() => void save()}
          >
            Save
          </button>
        </>
      }
    >
      <div className="form">
        <label className="field">
          <span className="field-label">Name</span>
          <input className="input" aria-label="Project name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Description</span>
          <input
            className="input"
            aria-label="Project description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <div className="field">
          <span className="field-label">Variables</span>
          <span className="field-hint">
            Every endpoint is sent to <code>{'{{base_url}}'}</code> plus its path. An environment variable of the same
            name wins over these, so an environment can point the whole project at another server.
          </span>
          <KeyValueTable label="Project variable" rows={variables} onChange={setVariables} />
        </div>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
