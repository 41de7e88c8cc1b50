import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import type { SendResult } from '../api/types.js';
import { messageOf } from '../lib/message-of.js';

export type BodyContent =
  | { kind: 'loading' }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; blob: Blob }
  /** A binary body reopened from History, which keeps no bytes of it. */
  | { kind: 'not-kept' }
  | { kind: 'failed'; message: string };

/** The response's body: text that came inside the answer at once, else fetched whole from the app by its id. */
export function useResponseBody(result: SendResult): BodyContent {
  const inline: BodyContent | null =
    result.body !== null
      ? { kind: 'text', text: result.body }
      : result.bodyId === undefined
        ? { kind: 'not-kept' }
        : null;
  const [fetched, setFetched] = useState<{ bodyId: string; content: BodyContent } | null>(null);
  const { bodyId, binary } = result;
  const toFetch = inline === null ? bodyId : undefined;
  useEffect(() => {
    if (toFetch === undefined) return;
    const bodyId = toFetch;
    let current = true;
    api.responseBody(bodyId).then(
      async (blob) => {
        const content: BodyContent =
          binary === true ? { kind: 'binary', blob } : { kind: 'text', text: await blob.text() };
        if (current) setFetched({ bodyId, content });
      },
      (caught: unknown) => current && setFetched({ bodyId, content: { kind: 'failed', message: messageOf(caught) } }),
    );
    return () => {
      current = false;
    };
  }, [toFetch, binary]);
  if (inline !== null) return inline;
  return fetched !== null && fetched.bodyId === bodyId ? fetched.content : { kind: 'loading' };
}
