import { invalid, readList, readRecord, readString, refuseUnknown } from '../field-readers.js';

/** How a message's text is read when it is sent: as it is, as JSON (checked before sending), or as base64 bytes. */
export const WEBSOCKET_MESSAGE_FORMATS = ['text', 'json', 'binary'] as const;
export type WebSocketMessageFormat = (typeof WEBSOCKET_MESSAGE_FORMATS)[number];

/** A message kept on a WebSocket endpoint to send again; `data` holds base64 for a binary one. */
export interface SavedWebSocketMessage {
  name: string;
  format: WebSocketMessageFormat;
  data: string;
}

/** What a WebSocket endpoint keeps beside its URL, headers and auth. */
export interface WebSocketSettings {
  /** Offered in `Sec-WebSocket-Protocol`, in order; absent when none. */
  subprotocols?: string[];
  /** Absent when none. */
  messages?: SavedWebSocketMessage[];
}

/** A subprotocol is an RFC 6455 token (the header lists them with commas). */
const SUBPROTOCOL_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const MAX_SUBPROTOCOLS = 32;
const MAX_MESSAGES = 200;
const MAX_MESSAGE_NAME = 200;
/** A saved message is a sample to send again, not a payload store: 1 MiB of text each. */
const MAX_MESSAGE_DATA = 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readFormat(value: unknown, label: string): WebSocketMessageFormat {
  if (value === undefined) return 'text';
  const format = WEBSOCKET_MESSAGE_FORMATS.find((known) => known === value);
  if (format === undefined) {
    throw invalid(`${label} ${JSON.stringify(value)} is unknown; use ${WEBSOCKET_MESSAGE_FORMATS.join(', ')}`);
  }
  return format;
}

function readMessage(value: unknown, label: string): SavedWebSocketMessage {
  const record = readRecord(value, label);
  refuseUnknown(record, ['name', 'format', 'data'], label);
  const format = readFormat(record.format, `${label}.format`);
  const data = readString(record.data ?? '', `${label}.data`, MAX_MESSAGE_DATA);
  if (format === 'binary' && (data.length % 4 !== 0 || !BASE64.test(data))) {
    throw invalid(`${label}.data must be base64 for a binary message (like "AAEC/w==")`);
  }
  return { name: readString(record.name ?? '', `${label}.name`, MAX_MESSAGE_NAME), format, data };
}

/** A WebSocket endpoint's settings, checked field by field; empty lists are left out. */
export function readWebSocketSettings(value: unknown, label: string): WebSocketSettings {
  const record = readRecord(value, label);
  refuseUnknown(record, ['subprotocols', 'messages'], label);
  const settings: WebSocketSettings = {};
  if (record.subprotocols !== undefined && record.subprotocols !== null) {
    const subprotocols = readList(record.subprotocols, `${label}.subprotocols`).map((item, index) => {
      const protocol = readString(item, `${label}.subprotocols[${index}]`, 128);
      if (!SUBPROTOCOL_TOKEN.test(protocol)) {
        throw invalid(
          `${label}.subprotocols[${index}] "${protocol}" must be a token like graphql-ws (no spaces or commas)`,
        );
      }
      return protocol;
    });
    if (subprotocols.length > MAX_SUBPROTOCOLS) {
      throw invalid(`${label}.subprotocols has ${subprotocols.length} entries; use at most ${MAX_SUBPROTOCOLS}`);
    }
    if (subprotocols.length > 0) settings.subprotocols = subprotocols;
  }
  if (record.messages !== undefined && record.messages !== null) {
    const messages = readList(record.messages, `${label}.messages`);
    if (messages.length > MAX_MESSAGES) {
      throw invalid(`${label}.messages has ${messages.length} entries; keep at most ${MAX_MESSAGES}`);
    }
    const read = messages.map((item, index) => readMessage(item, `${label}.messages[${index}]`));
    if (read.length > 0) settings.messages = read;
  }
  return settings;
}

/** Whether settings hold nothing, so the endpoint keeps none. */
export function isEmptyWebSocketSettings(settings: WebSocketSettings): boolean {
  return settings.subprotocols === undefined && settings.messages === undefined;
}
