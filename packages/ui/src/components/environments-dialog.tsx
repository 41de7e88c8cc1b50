import { isEnabled, keptEnabled } from '@client/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.js';
import type { EnvironmentsView, EnvironmentVariableInput, EnvironmentView } from '../api/types.js';
import { counted } from '../lib/format.js';
import { withEnabled } from '../lib/row-enabled.js';
import { duplicateVariableProblem } from '../lib/variables.js';
import { ConfirmDialog, Dialog } from './dialog.js';
import { EnabledToggle } from './enabled-toggle.js';
import { FormError } from './form-error.js';
import { Icon } from './icons.js';
import { InlineRename } from './inline-rename.js';

interface EnvironmentsDialogProps {
  projectId: string;
  view: EnvironmentsView;
  onChanged: () => Promise<void>;
  onClose: () => void;
}

/**
 * Environments and their variables. A secret's value never comes to the page unless the user asks to
 * reveal it; an untouched secret is saved without a value, which tells the app to keep what it has.
 */
export function EnvironmentsDialog({ projectId, view, onChanged, onClose }: EnvironmentsDialogProps) {
  const [selectedId, setSelectedId] = useState<string | null>(
    view.activeEnvironmentId ?? view.environments[0]?.id ?? null,
  );
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EnvironmentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);
  const selected = view.environments.find((environment) => environment.id === selectedId) ?? null;
  /** Leaving the environment being edited (closing, picking another) asks first when its edits are unsaved. */
  const leave = (action: () => void) => {
    if (unsaved) setPendingLeave(() => action);
    else action();
  };

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await onChanged();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    }
  };

  const create = () =>
    run(async () => {
      const names = new Set(view.environments.map((environment) => environment.name));
      let name = 'New environment';
      for (let n = 2; names.has(name); n++) name = `New environment ${n}`;
      const created = await api.createEnvironment(projectId, name);
      setSelectedId(created.id);
      setRenamingId(created.id);
    });

  return (
    <Dialog
      title="Environments"
      subtitle={
        <span className="secret-storage">
          <Icon name="lock" size={13} /> {view.secretStorage.description}
        </span>
      }
      width="wide"
      onClose={() => leave(onClose)}
    >
      {view.secretStorage.warning !== null && <p className="response-warning">{view.secretStorage.warning}</p>}
      <div className="env-layout">
        <nav className="env-list" aria-label="Environments">
          {view.environments.map((environment) => (
            <div
              key={environment.id}
              className={environment.id === selectedId ? 'env-item env-item-selected' : 'env-item'}
            >
              {renamingId === environment.id ? (
                <InlineRename
                  value={environment.name}
                  label="Environment name"
                  onCommit={(name) => {
                    setRenamingId(null);
                    void run(() => api.renameEnvironment(environment.id, name));
                  }}
                  onCancel={() => setRenamingId(null)}
                />
              ) : (
                <button
                  type="button"
                  className="env-select"
                  onClick={() =>
                    environment.id === selectedId ? undefined : leave(() => setSelectedId(environment.id))
                  }
                  onDoubleClick={() => setRenamingId(environment.id)}
                >
                  {environment.name}
                  {environment.id === view.activeEnvironmentId && <span className="env-active">active</span>}
                </button>
              )}
            </div>
          ))}
          <button type="button" className="button button-ghost env-new" onClick={() => void create()}>
            <Icon name="plus" size={14} /> New environment
          </button>
        </nav>
        <div className="env-editor">
          {selected === null ? (
            <div className="empty-state">
              <p>No environment yet.</p>
              <p className="muted">
                Environments hold values such as a staging base_url or an API token, and switch with one click.
              </p>
            </div>
          ) : (
            <EnvironmentEditor
              key={selected.id}
              environment={selected}
              onRename={() => setRenamingId(selected.id)}
              onDelete={() => setDeleting(selected)}
              onSave={(variables) => run(() => api.setEnvironmentVariables(selected.id, variables))}
              onUnsavedChange={setUnsaved}
            />
          )}
          <FormError message={error} />
        </div>
      </div>
      {pendingLeave !== null && selected !== null && (
        <ConfirmDialog
          title="Discard changes?"
          message={`The variables of “${selected.name}” have changes that are not saved. Discard them?`}
          confirmLabel="Discard"
          onCancel={() => setPendingLeave(null)}
          onConfirm={() => {
            const action = pendingLeave;
            setPendingLeave(null);
            setUnsaved(false);
            action();
          }}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          title="Delete environment"
          message={`Delete “${deleting.name}” and its ${counted(deleting.variables.length, 'variable')}? This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const id = deleting.id;
            setDeleting(null);
            setSelectedId(view.environments.find((environment) => environment.id !== id)?.id ?? null);
            void run(() => api.deleteEnvironment(id));
          }}
        />
      )}
    </Dialog>
  );
}

interface VariableRow {
  key: string;
  value: string;
  secret: boolean;
  /** A stored secret whose value the page does not hold (masked) and has not replaced. */
  storedSecret: boolean;
  revealed: boolean;
  /** A stored secret with no value on this machine yet: read from a linked folder's files. */
  unset?: boolean;
  /** False keeps the variable switched off: undefined to requests until it is on again. */
  enabled?: boolean;
  /**
   * A secret's allowed hosts as the field shows them, comma-separated. Undefined for a secret not saved yet whose
   * field is untouched: the app then gives it the project's base URL hosts.
   */
  hosts?: string;
}

function toRows(environment: EnvironmentView): VariableRow[] {
  return environment.variables.map((variable) => ({
    key: variable.key,
    value: variable.secret ? '' : variable.value,
    secret: variable.secret,
    storedSecret: variable.secret,
    revealed: false,
    ...(variable.unset === true ? { unset: true } : {}),
    ...keptEnabled(variable.enabled),
    ...(variable.allowedHosts === undefined ? {} : { hosts: variable.allowedHosts.join(', ') }),
  }));
}

/** The hosts typed in the field, split at commas and spaces; the app checks each one. */
function hostsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((host) => host !== '');
}

function toInput(row: VariableRow): EnvironmentVariableInput {
  const key = row.key.trim();
  const enabled = keptEnabled(row.enabled);
  const hosts = row.secret && row.hosts !== undefined ? { allowedHosts: hostsOf(row.hosts) } : {};
  if (row.storedSecret && row.secret) return { key, secret: true, ...enabled, ...hosts };
  return { key, value: row.value, secret: row.secret, ...enabled, ...hosts };
}

function EnvironmentEditor({
  environment,
  onRename,
  onDelete,
  onSave,
  onUnsavedChange,
}: {
  environment: EnvironmentView;
  onRename: () => void;
  onDelete: () => void;
  onSave: (variables: EnvironmentVariableInput[]) => Promise<void>;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const [rows, setRows] = useState(() => toRows(environment));
  const [dirty, setDirty] = useState(false);
  useEffect(() => onUnsavedChange(dirty), [dirty, onUnsavedChange]);
  const [problem, setProblem] = useState<string | null>(null);
  // Once saved, a secret's list shows as the app keeps it: the project's default for one saved without a list, and
  // the hosts typed in their normal form (lower case). A list that differs more is an edit, and stays as typed.
  useEffect(() => {
    const saved = new Map(environment.variables.map((variable) => [variable.key, variable.allowedHosts]));
    setRows((current) =>
      current.map((row) => {
        const hosts = saved.get(row.key.trim());
        if (!row.secret || hosts === undefined) return row;
        const typed = row.hosts === undefined ? undefined : hostsOf(row.hosts.toLowerCase()).join(', ');
        return typed === undefined || typed === hosts.join(', ') ? { ...row, hosts: hosts.join(', ') } : row;
      }),
    );
  }, [environment]);
  const shown: VariableRow[] = [...rows, { key: '', value: '', secret: false, storedSecret: false, revealed: false }];

  const change = (index: number, patch: Partial<VariableRow>) => {
    const next = shown.map((row, i) => (i === index ? { ...row, ...patch } : row));
    setRows(next.filter((row, i) => i < rows.length || row.key !== '' || row.value !== ''));
    setDirty(true);
  };
  const reveal = async (index: number) => {
    const row = rows[index];
    if (row === undefined) return;
    if (row.revealed) {
      change(index, { revealed: false, value: '' });
      return;
    }
    try {
      const { value } = await api.revealSecret(environment.id, row.key);
      setRows((current) => current.map((r, i) => (i === index ? { ...r, value, revealed: true } : r)));
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    }
  };
  /** Making a stored secret plain needs its value first, or saving would blank it. */
  const toggleSecret = async (index: number, secret: boolean) => {
    const row = rows[index];
    if (row === undefined) return;
    let value = row.value;
    if (!secret && row.storedSecret && !row.revealed) {
      try {
        value = (await api.revealSecret(environment.id, row.key)).value;
      } catch (caught) {
        setProblem(caught instanceof Error ? caught.message : String(caught));
        return;
      }
    }
    change(index, { secret, value, storedSecret: false, revealed: false });
  };
  const save = async () => {
    const duplicate = duplicateVariableProblem(rows);
    setProblem(duplicate);
    if (duplicate !== null) return;
    await onSave(rows.filter((row) => row.key.trim() !== '').map(toInput));
    setDirty(false);
  };

  return (
    <div className="env-variables">
      <div className="env-toolbar">
        <h3>{environment.name}</h3>
        <div className="toolbar-spacer" />
        <button type="button" className="button button-ghost button-small" onClick={onRename}>
          Rename
        </button>
        <button type="button" className="button button-ghost button-small button-danger-text" onClick={onDelete}>
          Delete
        </button>
      </div>
      <fieldset className="kv-table">
        <legend className="visually-hidden">Environment variables</legend>
        <div className="kv-row kv-header" aria-hidden="true">
          <span />
          <span>Name</span>
          <span>Value</span>
          <span>Secret</span>
          <span />
        </div>
        {shown.map((row, index) => {
          const isBlank = index === rows.length;
          const masked = row.secret && !row.revealed;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <div className={isEnabled(row) ? 'kv-row kv-row-env' : 'kv-row kv-row-env kv-row-off'} key={index}>
              <EnabledToggle
                label={`variable ${row.key || index + 1}`}
                enabled={isEnabled(row)}
                blank={isBlank}
                onChange={(enabled) => {
                  setRows(rows.map((current, i) => (i === index ? withEnabled(current, enabled) : current)));
                  setDirty(true);
                }}
              />
              <input
                className="input kv-key"
                aria-label={`Variable name ${index + 1}`}
                placeholder="Name"
                value={row.key}
                spellCheck={false}
                onChange={(event) => change(index, { key: event.target.value })}
              />
              <div className="secret-field">
                <input
                  className="input kv-value"
                  aria-label={`Variable value ${index + 1}`}
                  type={masked ? 'password' : 'text'}
                  autoComplete="new-password"
                  placeholder={
                    row.unset === true
                      ? 'No value on this machine: enter it'
                      : row.storedSecret && !row.revealed
                        ? '•••••••• (stored, encrypted)'
                        : 'Value'
                  }
                  value={row.value}
                  spellCheck={false}
                  onChange={(event) => change(index, { value: event.target.value, storedSecret: false })}
                />
                {row.storedSecret && row.secret && row.unset !== true && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={row.revealed ? `Hide ${row.key}` : `Reveal ${row.key}`}
                    title={row.revealed ? 'Hide' : 'Reveal'}
                    onClick={() => void reveal(index)}
                  >
                    <Icon name={row.revealed ? 'eye-off' : 'eye'} size={14} />
                  </button>
                )}
              </div>
              <label className="secret-toggle" title="Encrypt this value with the key in your keychain">
                <input
                  type="checkbox"
                  aria-label={`Secret ${row.key || index + 1}`}
                  checked={row.secret}
                  disabled={isBlank}
                  onChange={(event) => void toggleSecret(index, event.target.checked)}
                />
                <Icon name="lock" size={13} />
              </label>
              <button
                type="button"
                className="icon-button kv-remove"
                aria-label={`Remove variable ${row.key || index + 1}`}
                disabled={isBlank}
                onClick={() => {
                  setRows(rows.filter((_, i) => i !== index));
                  setDirty(true);
                }}
              >
                <Icon name="trash" size={14} />
              </button>
              {row.secret && !isBlank && (
                <AllowedHostsField
                  id={`allowed-hosts-${index}`}
                  name={row.key || `${index + 1}`}
                  hosts={row.hosts}
                  onChange={(hosts) => change(index, { hosts })}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <FormError message={problem} />
      <div className="env-footer">
        <span className="muted">Environment values win over project variables of the same name.</span>
        <button type="button" className="button button-primary" disabled={!dirty} onClick={() => void save()}>
          Save variables
        </button>
      </div>
    </div>
  );
}

/** Where a secret may be sent: a request to any other host that would carry it is refused before it goes out. */
function AllowedHostsField({
  id,
  name,
  hosts,
  onChange,
}: {
  id: string;
  name: string;
  hosts: string | undefined;
  onChange: (hosts: string) => void;
}) {
  return (
    <div className="secret-hosts">
      <label htmlFor={id}>Allowed hosts</label>
      <input
        id={id}
        className="input"
        aria-label={`Allowed hosts of ${name}`}
        aria-describedby={`${id}-hint`}
        placeholder="The project's base URL hosts"
        value={hosts ?? ''}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {`Hosts {{${name}}} may be sent to, separated by commas: api.example.com, *.example.com, localhost:8080. A request to any other host is not sent.`}
      </span>
    </div>
  );
}
