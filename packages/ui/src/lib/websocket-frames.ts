import type { WebSocketFrame } from '@client/core';

/** `+12.3 ms`, `+1.24 s`, `+2:05.1`: when a message came, from the moment the connection opened. */
export function frameTime(ms: number): string {
  if (ms < 1000) return `+${ms.toFixed(1)} ms`;
  if (ms < 60_000) return `+${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `+${minutes}:${((ms % 60_000) / 1000).toFixed(1).padStart(4, '0')}`;
}

/** `512 B`, `1.5 KB`, `2.0 MB`. */
export function frameSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The message as its own text: JSON laid out when it parses (and `pretty` asks), binary as hex bytes. */
export function frameText(frame: WebSocketFrame, pretty: boolean): { text: string; json: boolean } {
  if (frame.format === 'binary') return { text: hexOf(frame.data), json: false };
  if (!pretty) return { text: frame.data, json: false };
  try {
    const parsed: unknown = JSON.parse(frame.data);
    if (typeof parsed !== 'object' || parsed === null) return { text: frame.data, json: false };
    return { text: JSON.stringify(parsed, null, 2), json: true };
  } catch {
    return { text: frame.data, json: false };
  }
}

/** The first bytes of base64 data as hex pairs, 16 a line. */
export function hexOf(base64: string, maxBytes = 4096): string {
  const bytes = atob(base64);
  const lines: string[] = [];
  const end = Math.min(bytes.length, maxBytes);
  for (let start = 0; start < end; start += 16) {
    const line: string[] = [];
    for (let index = start; index < Math.min(start + 16, end); index++) {
      line.push(bytes.charCodeAt(index).toString(16).padStart(2, '0'));
    }
    lines.push(line.join(' '));
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes`);
  return lines.join('\n');
}

/** One line of the message for the list: binary as its first hex bytes. */
export function framePreview(frame: WebSocketFrame): string {
  const text = frame.format === 'binary' ? hexOf(frame.data, 24).replaceAll('\n', ' ') : frame.data;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text.replaceAll(/\s+/g, ' ');
}

/** The messages whose text holds `query`, ignoring case (binary ones by their base64). */
export function matchingFrames(frames: readonly WebSocketFrame[], query: string): readonly WebSocketFrame[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return frames;
  return frames.filter((frame) => frame.data.toLowerCase().includes(needle));
}
