import type { EnvironmentView } from '@client/core';
import { useId } from 'react';
import type { RunSetup } from '../lib/run-request.js';
import { NamedField } from './named-field.js';

interface RunSetupFormProps {
  setup: RunSetup;
  onSetup: (setup: RunSetup) => void;
  environments: readonly EnvironmentView[];
  /** Why the run cannot start, or null. */
  problem: string | null;
  /** Set when the app refused the run (a data file it could not read, say). */
  error: string | null;
  onRun: () => void;
  /** How many requests one iteration sends. */
  included: number;
}

/** How a run goes: the environment, iterations and their data, the pace, and when to stop. */
export function RunSetupForm({ setup, onSetup, environments, problem, error, onRun, included }: RunSetupFormProps) {
  const set = (change: Partial<RunSetup>) => onSetup({ ...setup, ...change });
  const dataLabel = useId();
  return (
    <form
      className="run-setup"
      aria-label="Run options"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === null) onRun();
      }}
    >
      <NamedField label="Environment">
        <select
          className="select run-select"
          aria-label="Environment"
          value={setup.environmentId ?? ''}
          onChange={(event) => set({ environmentId: event.target.value === '' ? null : event.target.value })}
        >
          <option value="">No environment</option>
          {environments.map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.name}
            </option>
          ))}
        </select>
      </NamedField>
      <NamedField
        label="Iterations"
        hint={setup.dataFile === null ? 'Each request runs this many times.' : 'Empty: one per row of the data file.'}
      >
        <input
          className="input"
          aria-label="Iterations"
          inputMode="numeric"
          placeholder={setup.dataFile === null ? '1' : 'one per row'}
          value={setup.iterations}
          onChange={(event) => set({ iterations: event.target.value })}
        />
      </NamedField>
      <div className="field">
        <span className="field-label" id={dataLabel}>
          Data file
        </span>
        <div className="run-data-file">
          <label className="button button-small file-pick">
            <input
              className="visually-hidden"
              type="file"
              aria-labelledby={dataLabel}
              accept=".csv,.json,text/csv,application/json"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                event.target.value = '';
                if (picked !== undefined) {
                  void picked.text().then((text) => set({ dataFile: { name: picked.name, text } }));
                }
              }}
            />
            {setup.dataFile === null ? 'Choose CSV or JSON…' : 'Choose another…'}
          </label>
          {setup.dataFile !== null && (
            <>
              <span className="run-data-name mono" title={setup.dataFile.name}>
                {setup.dataFile.name}
              </span>
              <button
                type="button"
                className="button button-small button-ghost"
                onClick={() => set({ dataFile: null })}
              >
                Remove
              </button>
            </>
          )}
        </div>
        <span className="field-hint">Each row’s columns are variables in its iteration.</span>
      </div>
      <NamedField label="Delay between requests (ms)">
        <input
          className="input"
          aria-label="Delay between requests (ms)"
          inputMode="numeric"
          placeholder="0"
          value={setup.delayMs}
          onChange={(event) => set({ delayMs: event.target.value })}
        />
      </NamedField>
      <NamedField label="Timeout per request (ms)" hint="Empty: each request’s own settings.">
        <input
          className="input"
          aria-label="Timeout per request (ms)"
          inputMode="numeric"
          placeholder="request settings"
          value={setup.timeoutMs}
          onChange={(event) => set({ timeoutMs: event.target.value })}
        />
      </NamedField>
      <label className="run-check">
        <input
          type="checkbox"
          className="kv-enabled"
          checked={setup.bail}
          onChange={(event) => set({ bail: event.target.checked })}
        />
        Stop at the first failure
      </label>
      {(problem ?? error) !== null && (
        <p className="form-error" role="alert">
          {problem ?? error}
        </p>
      )}
      <button type="submit" className="button button-primary run-start" disabled={problem !== null}>
        Run {included === 1 ? '1 request' : `${included} requests`}
      </button>
    </form>
  );
}
