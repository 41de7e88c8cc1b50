import type { SavedWebSocketMessage, WebSocketMessageFormat } from '@client/core';
import { useState } from 'react';
import type { VariableScope } from '../lib/variables.js';
import { CodeEditor } from './code-editor.js';
import { Icon } from './icons.js';

const FORMAT_LABELS: Record<WebSocketMessageFormat, string> = { text: 'Text', json: 'JSON', binary: 'Binary (base64)' };

/** Why a message cannot be sent as it is written, or null. */
function messageProblem(format: WebSocketMessageFormat, data: string): string | null {
  if (format === 'json') {
    try {
      JSON.parse(data);
    } catch (error) {
      return `Not JSON: ${(error as Error).message}`;
    }
  }
  if (format === 'binary' && (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data))) {
    return 'Binary messages are written as base64, like AAEC/w==';
  }
  return null;
}

interface ComposerProps {
  scope: VariableScope;
  open: boolean;
  onSend: (format: WebSocketMessageFormat, data: string) => void;
  onSave: (message: SavedWebSocketMessage) => void;
}

/** The message to send: its format, its text (JSON checked and laid out on demand), Send and Save. */
export function WebSocketComposer({ scope, open, onSend, onSave }: ComposerProps) {
  const [format, setFormat] = useState<WebSocketMessageFormat>('text');
  const [data, setData] = useState('');
  const problem = data === '' ? null : messageProblem(format, data);
  return (
    <div className="ws-composer">
      <div className="ws-composer-bar">
        <select
          className="select"
          aria-label="Message format"
          value={format}
          onChange={(event) => setFormat(event.target.value as WebSocketMessageFormat)}
        >
          {(Object.keys(FORMAT_LABELS) as WebSocketMessageFormat[]).map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </select>
        {format === 'json' && (
          <button
            type="button"
            className="button button-small button-ghost"
            disabled={problem !== null || data === ''}
            onClick={() => setData(JSON.stringify(JSON.parse(data), null, 2))}
          >
            Format
          </button>
        )}
        <div className="toolbar-spacer" />
        <button
          type="button"
          className="button button-ghost"
          disabled={data === '' || problem !== null}
          onClick={() => onSave({ name: data.slice(0, 40).replaceAll(/\s+/g, ' '), format, data })}
        >
          Save message
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!open || problem !== null}
          title={open ? 'Send (Ctrl+Enter)' : 'Connect first'}
          onClick={() => onSend(format, data)}
        >
          <Icon name="send" size={14} /> Send
        </button>
      </div>
      <CodeEditor
        label="Message"
        multiline
        language={format === 'json' ? 'json' : 'text'}
        value={data}
        scope={scope}
        onChange={setData}
        placeholder={format === 'binary' ? 'Base64 bytes, like AAEC/w==' : 'Message to send'}
        className="ws-message-editor"
      />
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

interface SavedMessagesProps {
  messages: readonly SavedWebSocketMessage[];
  open: boolean;
  onSend: (message: SavedWebSocketMessage) => void;
  onChange: (messages: SavedWebSocketMessage[]) => void;
}

/** Messages kept on the endpoint, to send again with one click. */
export function SavedMessages({ messages, open, onSend, onChange }: SavedMessagesProps) {
  if (messages.length === 0) {
    return <p className="muted">No saved messages. Write one under Message and choose Save message.</p>;
  }
  return (
    <ul className="ws-saved">
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: saved messages may share a name; their place is who they are
        <li key={index} className="ws-saved-row">
          <input
            className="input ws-saved-name"
            aria-label={`Name of saved message ${index + 1}`}
            value={message.name}
            onChange={(event) =>
              onChange(messages.map((other, at) => (at === index ? { ...other, name: event.target.value } : other)))
            }
          />
          <span className="muted ws-saved-format">{FORMAT_LABELS[message.format]}</span>
          <code className="ws-saved-data" title={message.data}>
            {message.data}
          </code>
          <button
            type="button"
            className="button button-small"
            disabled={!open}
            aria-label={`Send ${message.name || `message ${index + 1}`}`}
            onClick={() => onSend(message)}
          >
            <Icon name="send" size={12} /> Send
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Delete ${message.name || `message ${index + 1}`}`}
            onClick={() => onChange(messages.filter((_, at) => at !== index))}
          >
            <Icon name="trash" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}
