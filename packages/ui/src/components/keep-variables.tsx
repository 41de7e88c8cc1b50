import type { ScriptVariableChange } from '@client/core';
import { useState } from 'react';
import { counted } from '../lib/format.js';
import { messageOf } from '../lib/message-of.js';

export interface KeepVariablesProps {
  changes: readonly ScriptVariableChange[];
  /** Whether an environment was in use, which environment variables would go to. */
  environmentInUse: boolean;
  /** Keeps the chosen changes; absent where nothing can keep them. */
  onKeep: ((changes: ScriptVariableChange[]) => Promise<void>) | undefined;
}

const LAYERS: Record<ScriptVariableChange['layer'], string> = {
  environment: 'Environment',
  collection: 'Project',
  globals: 'Globals',
};

/** Why a change cannot be kept, or null when it can. */
function unkeptReason(change: ScriptVariableChange, environmentInUse: boolean): string | null {
  if (change.layer === 'globals') return 'Client keeps no globals: it lived for this Send only.';
  if (change.layer === 'environment' && !environmentInUse) return 'No environment was in use to keep it in.';
  return null;
}

/**
 * The variables the scripts of a Send set or unset. They lived for that Send only; ticked ones are kept, in the
 * environment in use or in the project's variables, where they stay for the next requests.
 */
export function KeepVariables({ changes, environmentInUse, onKeep }: KeepVariablesProps) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const keep = async () => {
    if (onKeep === undefined) return;
    setBusy(true);
    try {
      await onKeep(changes.filter((_, index) => chosen.has(index)));
      setStatus({ tone: 'done', text: `Kept ${counted(chosen.size, 'variable')}.` });
      setChosen(new Set());
    } catch (caught) {
      setStatus({ tone: 'error', text: `Could not keep them: ${messageOf(caught)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Variables the scripts set" className="checks-section">
      <h3 className="section-title">Variables the scripts set</h3>
      <table className="variables-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Keep</span>
            </th>
            <th scope="col">Where</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => {
            const reason = onKeep === undefined ? 'Nothing here can keep it.' : unkeptReason(change, environmentInUse);
            return (
              <tr key={`${change.layer}:${change.name}`} title={reason ?? undefined}>
                <td>
                  <input
                    type="checkbox"
                    className="keep-check"
                    aria-label={`Keep ${change.name}`}
                    checked={chosen.has(index)}
                    disabled={reason !== null}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(index);
                      else next.delete(index);
                      setChosen(next);
                    }}
                  />
                </td>
                <td>{LAYERS[change.layer]}</td>
                <td className="mono">{change.name}</td>
                <td className="mono">
                  {change.value === null ? <span className="muted">(unset)</span> : change.value}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {onKeep !== undefined && (
        <div className="keep-variables-actions">
          <button
            type="button"
            className="button button-small"
            disabled={chosen.size === 0 || busy}
            onClick={() => void keep()}
          >
            {chosen.size === 0 ? 'Keep the ticked variables' : `Keep ${counted(chosen.size, 'variable')}`}
          </button>
          <span className="field-hint">They lived for this Send; kept ones stay for the next requests.</span>
        </div>
      )}
      <p role="status" className={status?.tone === 'error' ? 'form-error' : 'keep-status'}>
        {status?.text}
      </p>
    </section>
  );
}
