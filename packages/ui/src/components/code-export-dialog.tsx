import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard.js';
import type { ExportedCode } from '../lib/copy-curl.js';
import { EXPORT_FORMATS } from '../lib/export/code-export.js';
import { messageOf } from '../lib/message-of.js';
import { Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

interface CodeExportDialogProps {
  /** The format shown first. */
  format: string;
  /** Writes the endpoint in a format. */
  load: (format: string) => Promise<ExportedCode>;
  onCopied: (format: string, secretsLeftOut: boolean) => void;
  onClose: () => void;
}

/** The endpoint as code in a format the person picks, shown before it is copied: what is shown is what is copied. */
export function CodeExportDialog({ format: initial, load, onCopied, onClose }: CodeExportDialogProps) {
  const [format, setFormat] = useState(initial);
  const [shown, setShown] = useState<ExportedCode | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setShown(null);
    setError(null);
    load(format).then(
      (exported) => current && setShown(exported),
      (caught: unknown) => current && setError(messageOf(caught)),
    );
    // A format picked while another was being written must not be shown the other's code.
    return () => {
      current = false;
    };
  }, [format, load]);

  const copy = async () => {
    if (shown === null) return;
    try {
      await copyText(shown.code);
      onCopied(format, shown.secretsLeftOut);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Dialog
      title="Copy as code"
      width="wide"
      onClose={onClose}
      footer={
        <DialogActions confirmLabel="Copy" onCancel={onClose} disabled={shown === null} onConfirm={() => void copy()} />
      }
    >
      <div className="form">
        <label className="field">
          <span className="field-label">Format</span>
          <select
            className="select"
            aria-label="Format"
            value={format}
            onChange={(event) => setFormat(event.target.value)}
            data-autofocus
          >
            {EXPORT_FORMATS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </label>
        <textarea
          className="code-input code-export-preview"
          aria-label="Code"
          aria-busy={shown === null}
          readOnly
          wrap="off"
          spellCheck={false}
          value={shown?.code ?? 'Writing…'}
        />
        {shown?.secretsLeftOut === true && (
          <p className="dialog-message">Secret variables are left as {'{{name}}'} placeholders.</p>
        )}
        <FormError message={error} />
      </div>
    </Dialog>
  );
}
