import { useState } from 'react';
import { ApiError } from '../api/client.js';

/**
 * A form dialog's submit: busy while the action runs, its error shown when it fails so the user can fix the
 * input and try again. A dialog closes when its action succeeds, so busy stays set then.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
