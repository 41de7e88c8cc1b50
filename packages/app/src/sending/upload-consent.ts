import type { SendOutcome, UploadConsent } from '@client/core';
import type { OutgoingRequest } from '@client/http';
import type { Store } from '@client/store';

/**
 * The consent an import's file references need before their first upload. An agent's command can name any file
 * the person can read (`-T ~/.ssh/id_ed25519`) and any destination; the person's first Send of such an endpoint
 * shows both and sends only after a yes for exactly those files and that origin. Returns the outcome that asks,
 * or null when the send may go ahead (nothing to confirm, or confirmed now, which is remembered).
 */
export function askForUploadConsent(
  store: Store,
  endpointId: string | null,
  outgoing: OutgoingRequest,
  consent: UploadConsent | undefined,
): SendOutcome | null {
  if (endpointId === null || outgoing.files.length === 0) return null;
  const unconfirmed = new Set(store.unconfirmedUploads.list(endpointId));
  const pending = outgoing.files.filter((file) => unconfirmed.has(file.written));
  if (pending.length === 0) return null;
  const files = [...new Set(pending.map((file) => file.path))];
  const origin = outgoing.url.origin;
  const agreed = consent !== undefined && consent.origin === origin && files.every((f) => consent.files.includes(f));
  if (!agreed) return { outcome: 'confirm-upload', files, origin };
  store.unconfirmedUploads.confirm(
    endpointId,
    pending.map((file) => file.written),
  );
  return null;
}
