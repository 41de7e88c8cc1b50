import { useRef, useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../lib/message-of.js';

interface FileChooserProps {
  /** What the file is for, as the button's accessible name says it: `Choose body file`. */
  label: string;
  /** The path the app keeps the picked file's copy at. */
  onPicked: (path: string) => void;
}

/**
 * "Choose file…": the system's file dialog. A page is never told a picked file's path, so the bytes go to the
 * app, which keeps a copy in its data folder (0600) and sends that; the endpoint names the copy.
 */
export function FileChooser({ label, onPicked }: FileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'reading' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  const pick = async (file: File | undefined) => {
    if (file === undefined) return;
    setState({ kind: 'reading' });
    try {
      const kept = await api.keepPickedFile(file);
      setState({ kind: 'idle' });
      onPicked(kept.path);
    } catch (caught) {
      setState({ kind: 'failed', message: `${file.name} could not be kept: ${messageOf(caught)}` });
    } finally {
      // The same file picked again (after it changed) must fire a change again.
      if (input.current !== null) input.current.value = '';
    }
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      <button
        type="button"
        className="button button-small"
        aria-label={label}
        disabled={state.kind === 'reading'}
        onClick={() => input.current?.click()}
      >
        {state.kind === 'reading' ? 'Reading…' : 'Choose file…'}
      </button>
      {state.kind === 'failed' && (
        <span className="form-error" role="alert">
          {state.message}
        </span>
      )}
    </>
  );
}
