import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { readMcpSettings } from './mcp-settings.js';

describe('readMcpSettings', () => {
  it('reads Streamable HTTP settings, which hold nothing but the transport', () => {
    expect(readMcpSettings({ transport: 'http' }, 'mcp')).toEqual({ transport: 'http' });
  });

  it('reads a command line with its arguments and environment', () => {
    expect(
      readMcpSettings(
        {
          transport: 'stdio',
          command: ' npx ',
          args: ['-y', '@acme/server'],
          env: [{ key: 'API_KEY', value: '{{api_key}}' }],
        },
        'mcp',
      ),
    ).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@acme/server'],
      env: [{ key: 'API_KEY', value: '{{api_key}}' }],
    });
  });

  it.each([
    [{ transport: 'sse' }, 'mcp.transport must be "http" or "stdio", not "sse"'],
    [{ transport: 'stdio', command: '  ' }, 'mcp.command is empty; name the program that runs the server'],
    [{ transport: 'stdio', command: 'node', args: [1] }, 'mcp.args[0] must be a string, not number'],
    [{ transport: 'http', command: 'node' }, 'mcp has no field "command"; the fields are transport'],
  ])('refuses %j naming the field', (value, message) => {
    expect(() => readMcpSettings(value, 'mcp')).toThrow(message);
  });

  it('ends any input in settings or a VALIDATION error', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        try {
          readMcpSettings(value, 'mcp');
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('VALIDATION');
        }
      }),
    );
  });
});
