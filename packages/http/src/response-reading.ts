/** What the response panel gets of a body: text when it is text, and never more than the app keeps. */
export interface ReadBody {
  /** Bytes received (after content decoding), counted to the end even past the display limit. */
  size: number;
  /** The body as text, or null for a binary body. */
  text: string | null;
  /** The bytes kept, exactly as they arrived (after content decoding). */
  bytes: Uint8Array;
  /** Whether `text` holds only the first part of the body. */
  truncated: boolean;
  /** Set when reading stopped early because the body exceeded the read limit. */
  stoppedAt: number | null;
}

/** How a streamed body is read: each chunk handed on as it comes, and the signal that ends it without failing. */
export interface StreamedReading {
  onChunk(value: Uint8Array): void;
  /** Aborted once a failure to read on is the answer's end rather than a failure (Stop, the time limit). */
  endedBy: { readonly aborted: boolean };
}

const TEXT_TYPES =
  /^text\/|[/+](json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|x-yaml|csv|html|svg\+xml)\b|json/i;

/** Whether a Content-Type names text (JSON, XML, HTML, CSV and the like). */
export function isTextContentType(contentType: string | null): boolean {
  return contentType !== null && TEXT_TYPES.test(contentType);
}

function isTextType(contentType: string | null, sample: Uint8Array): boolean {
  if (contentType !== null && contentType !== '') return TEXT_TYPES.test(contentType);
  // No Content-Type: show it when its start decodes as UTF-8 and holds no NUL byte.
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.min(sample.length, 4096)), {
      stream: true,
    });
    return true;
  } catch {
    return false;
  }
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk.subarray(0, Math.min(chunk.length, length - offset)), offset);
    offset += chunk.length;
    if (offset >= length) break;
  }
  return all;
}

/**
 * Reads a response body to its end, keeping at most `displayBytes` for display and stopping at
 * `readLimitBytes` (a stream that never ends must not hold the app forever).
 */
export async function readResponseBody(
  body: AsyncIterable<Uint8Array>,
  contentType: string | null,
  limits: { displayBytes: number; readLimitBytes: number },
  streamed?: StreamedReading,
): Promise<ReadBody> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let size = 0;
  let stoppedAt: number | null = null;
  try {
    // Leaving the loop early (the read limit) closes the stream, and with it the connection.
    for await (const value of body) {
      streamed?.onChunk(value);
      size += value.length;
      if (kept < limits.displayBytes) {
        chunks.push(value);
        kept += value.length;
      }
      if (size >= limits.readLimitBytes) {
        stoppedAt = size;
        break;
      }
    }
  } catch (error) {
    // A stream is ended by Stop or the time limit: what arrived until then is its answer.
    if (streamed?.endedBy.aborted !== true) throw error;
  }
  const shown = concat(chunks, Math.min(kept, limits.displayBytes));
  const truncated = size > shown.length;
  if (!isTextType(contentType, shown)) return { size, text: null, bytes: shown, truncated, stoppedAt };
  return { size, text: new TextDecoder('utf-8').decode(shown), bytes: shown, truncated, stoppedAt };
}
