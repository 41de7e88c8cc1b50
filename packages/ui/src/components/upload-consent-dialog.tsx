import type { UploadConsent } from '@client/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Dialog } from './dialog.js';

interface UploadConsentDialogProps {
  consent: UploadConsent;
  onAnswer: (upload: boolean) => void;
}

/** Names every local file a request would upload and where to, before the first upload of an imported one. */
function UploadConsentDialog({ consent, onAnswer }: UploadConsentDialogProps) {
  const { files, origin } = consent;
  return (
    <Dialog
      title={files.length === 1 ? 'Upload a file from this computer?' : 'Upload files from this computer?'}
      onClose={() => onAnswer(false)}
      footer={
        <>
          {/* Cancel takes the focus: Enter alone must never upload a file someone else chose. */}
          <button type="button" className="button" onClick={() => onAnswer(false)} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => onAnswer(true)}>
            Upload and send
          </button>
        </>
      }
    >
      <p className="dialog-message">
        This request came from an imported cURL command (an agent's, perhaps), and sending it uploads{' '}
        {files.length === 1 ? 'this file' : 'these files'}:
      </p>
      <ul className="upload-consent-files">
        {files.map((file) => (
          <li key={file}>
            <code>{file}</code>
          </li>
        ))}
      </ul>
      <p className="dialog-message">
        to <code>{origin}</code>. Client asks once; later sends of this endpoint upload without asking.
      </p>
    </Dialog>
  );
}

/** `ask` resolves to the person's answer; render `dialog` where the dialog should appear. */
export function useUploadConsent(): { ask: (consent: UploadConsent) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<UploadConsent | null>(null);
  const answer = useRef<((upload: boolean) => void) | null>(null);
  const ask = useCallback(
    (consent: UploadConsent) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setPending(consent);
      }),
    [],
  );
  const onAnswer = (upload: boolean) => {
    answer.current?.(upload);
    answer.current = null;
    setPending(null);
  };
  return { ask, dialog: pending === null ? null : <UploadConsentDialog consent={pending} onAnswer={onAnswer} /> };
}
