import { ApiError } from '../api/client.js';

/** What a failure says, for a toast: the app's own message, or the error's. */
export function messageOf(caught: unknown): string {
  return caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught);
}
