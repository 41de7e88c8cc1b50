import type { UploadConsent } from '@client/core';
import { ApiError, api } from '../api/client.js';
import type { ResponseState } from '../components/response-panel.js';
import { normalizePath } from '../lib/url-editing.js';
import type { EditorTabs } from './editor-tabs.js';

/**
 * Sends what the tab holds, saved or not. The answer lands in the tab by request id, so a response that
 * arrives after the user left the project, or after a newer send, goes where it belongs or nowhere. When the
 * app asks first (files an import named), `askUpload` puts the question to the person.
 */
export async function sendTab(
  tabs: EditorTabs,
  endpointId: string,
  target: { projectId: string; environmentId: string | null },
  askUpload: (consent: UploadConsent) => Promise<boolean>,
): Promise<void> {
  const tab = tabs.tab(endpointId);
  if (tab === undefined || tab.response.kind === 'sending') return;
  const requestId = crypto.randomUUID();
  tabs.update(endpointId, (current) => ({
    ...current,
    requestId,
    response: { kind: 'sending', startedAt: Date.now(), requestId },
  }));
  const settle = (response: ResponseState) =>
    tabs.update(endpointId, (current) =>
      current.requestId === requestId ? { ...current, requestId: null, response } : current,
    );
  try {
    const { folderId, ...request } = tab.current;
    const input = {
      requestId,
      projectId: target.projectId,
      endpointId: tab.isNew === true ? null : endpointId,
      environmentId: target.environmentId,
      folderId,
      request: { ...request, path: normalizePath(request.path) },
    };
    let outcome = await api.send(input);
    if (outcome.outcome === 'confirm-upload') {
      const { outcome: _asked, ...consent } = outcome;
      if (!(await askUpload(consent))) {
        settle({ kind: 'failed', message: `Not sent: the upload to ${consent.origin} was not confirmed.` });
        return;
      }
      outcome = await api.send({ ...input, confirmUpload: consent });
    }
    if (outcome.outcome === 'confirm-upload') {
      // The files or the destination changed between the question and the answer (another environment).
      settle({ kind: 'failed', message: 'Not sent: the files or the destination changed; send again.' });
    } else if (outcome.outcome === 'response') {
      const { outcome: _outcome, ...result } = outcome;
      settle({ kind: 'done', result });
    } else if (outcome.outcome === 'failed') {
      settle({
        kind: 'failed',
        message: outcome.message,
        ...(outcome.checks === undefined ? {} : { checks: outcome.checks }),
      });
    } else {
      settle({ kind: 'cancelled' });
    }
  } catch (caught) {
    settle({ kind: 'failed', message: caught instanceof Error ? caught.message : String(caught) });
  }
}

export function cancelTab(tabs: EditorTabs, endpointId: string): void {
  const requestId = tabs.tab(endpointId)?.requestId;
  if (requestId !== null && requestId !== undefined) void api.cancelSend(requestId).catch(() => undefined);
}

/** Saves the tab's draft; throws an ApiError (VALIDATION for a draft without a name) the caller shows. */
export async function saveTab(tabs: EditorTabs, endpointId: string, projectId: string): Promise<void> {
  const tab = tabs.tab(endpointId);
  if (tab === undefined || tab.saving) return;
  const draft = { ...tab.current, path: normalizePath(tab.current.path), name: tab.current.name.trim() };
  if (draft.name === '') throw new ApiError('VALIDATION', 'Give the endpoint a name before saving.', 400);
  tabs.update(endpointId, (current) => ({ ...current, saving: true }));
  try {
    // A new request becomes an endpoint on its first save, not before: closing it unsaved leaves nothing.
    if (tab.isNew === true) tabs.created(endpointId, await api.createEndpoint(projectId, draft));
    else tabs.markSaved(await api.saveEndpoint(endpointId, draft), 'all');
  } catch (caught) {
    tabs.update(endpointId, (current) => ({ ...current, saving: false }));
    throw caught;
  }
}
