import { BASE_URL_VARIABLE, DEFAULT_REQUEST_SETTINGS, type KeyValue, type RequestSettingsOverride } from '@client/core';
import { useState } from 'react';
import { api } from '../api/client.js';
import type { ProjectDetail } from '../api/types.js';
import { useSubmit } from '../hooks/use-submit.js';
import { duplicateVariableProblem, type VariableScope } from '../lib/variables.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';
import { KeyValueTable } from './key-value-table.js';
import { RequestSettingsEditor } from './request-settings-editor.js';

interface ProjectSettingsDialogProps {
  detail: ProjectDetail;
  /** The variables as saved, which the sending settings may use. */
  scope: VariableScope;
  onSaved: () => void;
  onClose: () => void;
}

/** Name, description and the project variables, `base_url` first because every endpoint builds on it. */
export function ProjectSettingsDialog({ detail, scope, onSaved, onClose }: ProjectSettingsDialogProps) {
  const [name, setName] = useState(detail.project.name);
  const [description, setDescription] = useState(detail.project.description);
  const [variables, setVariables] = useState<KeyValue[]>(() => {
    const rows = detail.variables.map((variable) => ({ ...variable }));
    return rows.some((row) => row.key === BASE_URL_VARIABLE) ? rows : [{ key: BASE_URL_VARIABLE, value: '' }, ...rows];
  });
  const [requestSettings, setRequestSettings] = useState<RequestSettingsOverride>(detail.requestSettings);
  const { busy, error, setError, run } = useSubmit();

  const save = async () => {
    const duplicate = duplicateVariableProblem(variables);
    if (duplicate !== null) {
      setError(duplicate);
      return;
    }
    await run(async () => {
      const id = detail.project.id;
      await api.updateProject(id, { name: name.trim(), description });
      await api.setProjectVariables(
        id,
        variables.filter((row) => row.key.trim() !== '').map((row) => ({ ...row, key: row.key.trim() })),
      );
      await api.setRequestSettings(id, requestSettings);
      onSaved();
      onClose();
    });
  };

  return (
    <Dialog
      title="Project settings"
      width="wide"
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel="Save"
          onCancel={onClose}
          disabled={busy || name.trim() === ''}
          onConfirm={() => void save()}
        />
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
          <KeyValueTable label="Project variable" rows={variables} scope={scope} onChange={setVariables} />
        </div>
        <div className="field">
          <span className="field-label">Sending</span>
          <span className="field-hint">How every endpoint of the project is sent, unless it sets its own.</span>
          <RequestSettingsEditor
            settings={requestSettings}
            inherited={DEFAULT_REQUEST_SETTINGS}
            inheritedFrom="app default"
            onChange={setRequestSettings}
            scope={scope}
          />
        </div>
        <FormError message={error} />
      </div>
    </Dialog>
  );
}
