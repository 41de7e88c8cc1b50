import type { Folder } from '@client/core';
import { useId } from 'react';
import type { MockSetup } from '../lib/mock-start.js';
import { folderPaths } from '../lib/tree.js';
import { DelayField } from './example-delay-field.js';
import { NamedField } from './named-field.js';

interface MockSetupFormProps {
  setup: MockSetup;
  onSetup: (setup: MockSetup) => void;
  folders: readonly Folder[];
  /** Why the mock cannot start as set, or null. */
  problem: string | null;
  /** Set when the app refused to start it (a port in use, say). */
  error: string | null;
  starting: boolean;
  onStart: () => void;
}

/** How a mock answers: what it serves, on which port, whether it checks requests, how slowly, and to which pages. */
export function MockSetupForm({ setup, onSetup, folders, problem, error, starting, onStart }: MockSetupFormProps) {
  const set = (change: Partial<MockSetup>) => onSetup({ ...setup, ...change });
  const titleId = useId();
  return (
    <form
      className="mock-setup"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem === null && !starting) onStart();
      }}
    >
      <h3 className="section-title mock-section-title" id={titleId}>
        Start a mock
      </h3>
      <NamedField label="Serve">
        <select
          className="select mock-select"
          aria-label="Serve"
          value={setup.folderId ?? ''}
          onChange={(event) => set({ folderId: event.target.value === '' ? null : event.target.value })}
        >
          <option value="">The whole project</option>
          {folderPaths(folders).map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.label}
            </option>
          ))}
        </select>
      </NamedField>
      <NamedField label="Port" hint="Blank: the first free port from 4010. The mock listens on 127.0.0.1 only.">
        <input
          className="input"
          aria-label="Port"
          inputMode="numeric"
          placeholder="first free from 4010"
          value={setup.port}
          onChange={(event) => set({ port: event.target.value })}
        />
      </NamedField>
      <label className="mock-check">
        <input type="checkbox" checked={setup.validate} onChange={(event) => set({ validate: event.target.checked })} />
        Check requests against the API description (422 when one breaks it)
      </label>
      <NamedField label="Delay" hint="Before every answer; an example's own delay wins.">
        <DelayField label="Mock" delay={setup.delay} onChange={(delay) => set({ delay })} />
      </NamedField>
      <NamedField label="CORS origins" hint="The pages whose scripts may call the mock. Blank or *: any.">
        <input
          className="input"
          aria-label="CORS origins"
          placeholder="* (any origin)"
          spellCheck={false}
          value={setup.corsOrigins}
          onChange={(event) => set({ corsOrigins: event.target.value })}
        />
      </NamedField>
      {(problem ?? error) !== null && (
        <p className="form-error" role="alert">
          {problem ?? error}
        </p>
      )}
      <button type="submit" className="button button-primary mock-start" disabled={problem !== null || starting}>
        {starting ? 'Starting…' : 'Start mock'}
      </button>
    </form>
  );
}
