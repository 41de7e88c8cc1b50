import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { endpointFileText, readEndpointFile } from '../files/endpoint-file.js';
import { toEndpointListing } from '../listing/agent-listing.js';
import { endpointListingJson } from '../listing/endpoint-listing-json.js';
import type { Endpoint, EndpointDraft } from '../model.js';
import { kindName, readEndpointKind } from './endpoint-kind.js';
import { checkKindUrl } from './kind-url.js';
import { readWebSocketSettings } from './websocket-settings.js';

const socket: EndpointDraft = {
  name: 'Chat',
  method: 'GET',
  path: 'wss://{{chat_host}}/socket',
  queryParams: [{ key: 'room', value: 'general' }],
  headers: [{ key: 'X-Client', value: 'test' }],
  body: { mode: 'none' },
  auth: { type: 'inherit' },
  state: 'Developing',
  kind: 'websocket',
  websocket: {
    subprotocols: ['chat.v2'],
    messages: [
      { name: 'hello', format: 'json', data: '{"type":"hello"}' },
      { name: 'raw', format: 'binary', data: 'AAEC/w==' },
    ],
  },
};

describe('endpoint kinds', () => {
  it('read http and nothing as no kind, and name them http in listings', () => {
    expect(readEndpointKind('http', 'kind')).toBeUndefined();
    expect(readEndpointKind(undefined, 'kind')).toBeUndefined();
    expect(readEndpointKind('websocket', 'kind')).toBe('websocket');
    expect(readEndpointKind('mcp', 'kind')).toBe('mcp');
    expect(kindName({})).toBe('http');
    expect(() => readEndpointKind('grpc', 'kind')).toThrow(/use http, websocket or mcp/);
  });

  it('refuse a ws:// URL anywhere but on a WebSocket endpoint', () => {
    expect(() => checkKindUrl(undefined, 'WSS://x.example.com')).toThrow(/set kind to websocket/);
    expect(() => checkKindUrl('mcp', 'ws://x.example.com')).toThrow(/set kind to websocket/);
    expect(() => checkKindUrl('websocket', 'ws://x.example.com')).not.toThrow();
    expect(() => checkKindUrl('websocket', '/socket')).not.toThrow();
  });

  it('keep a WebSocket endpoint through its request file, kind first after the name', () => {
    const text = endpointFileText(socket, 1000);
    expect(text.split('\n').slice(0, 3)).toEqual(['name: Chat', 'seq: 1000', 'kind: websocket']);
    expect(readEndpointFile(text, 'Chat.yml')).toEqual({ value: { endpoint: socket, seq: 1000 } });
  });

  it('write no kind for an HTTP request, and read kind http as none', () => {
    const { kind: _kind, websocket: _settings, ...http } = socket;
    const plain = { ...http, path: '/socket' };
    expect(endpointFileText(plain)).not.toMatch(/kind|websocket/);
    const read = readEndpointFile(`kind: http\npath: /socket\n`, 'a.yml');
    expect(read.value?.endpoint).not.toHaveProperty('kind');
  });

  it("refuse a request file's unknown kind and bad settings, naming the field", () => {
    expect(readEndpointFile('kind: grpc\n', 'a.yml').problem?.message).toMatch(/kind "grpc"/);
    expect(readEndpointFile('websocket:\n  protocols: [a]\n', 'a.yml').problem?.message).toMatch(
      /no field "protocols"/,
    );
  });

  it('list a WebSocket endpoint with its kind and its own origin, the same as an object and as JSON', () => {
    const endpoint: Endpoint = {
      ...socket,
      path: 'wss://chat.example.com/socket',
      id: 'e1',
      projectId: 'p1',
      folderId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const listing = toEndpointListing(endpoint, 'https://api.example.com');
    expect(listing).toMatchObject({ kind: 'websocket', baseUrl: 'wss://chat.example.com', path: '/socket' });
    expect(Object.keys(listing).slice(4, 6)).toEqual(['method', 'kind']);
    const { id, ...rest } = endpoint;
    expect(endpointListingJson({ ...rest, id }, 'https://api.example.com')).toBe(JSON.stringify(listing));
  });

  it('read any WebSocket settings to settings or a VALIDATION error, never a crash', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        try {
          const settings = readWebSocketSettings(value, 'websocket');
          expect(JSON.parse(JSON.stringify(settings))).toEqual(settings);
        } catch (error) {
          expect(isAppError(error) && error.code === 'VALIDATION').toBe(true);
        }
      }),
    );
    fc.assert(
      fc.property(
        fc.record({
          subprotocols: fc.array(fc.stringMatching(/^[a-z0-9.-]{1,20}$/), { maxLength: 4 }),
          messages: fc.array(
            fc.oneof(
              fc.record({ name: fc.string(), format: fc.constant('text' as const), data: fc.string() }),
              fc.record({ name: fc.string(), format: fc.constant('binary' as const), data: fc.base64String() }),
            ),
            { maxLength: 4 },
          ),
        }),
        (settings) => {
          const read = readWebSocketSettings(settings, 'websocket');
          expect(read.subprotocols ?? []).toEqual(settings.subprotocols);
          expect(read.messages ?? []).toEqual(settings.messages);
        },
      ),
    );
  });
});
