import { describeType, invalid, readList, readRecord, readString, refuseUnknown } from '../field-readers.js';
import { readRows } from '../files/file-fields.js';
import type { McpSettings } from './mcp-types.js';

/** A command, an argument or an environment value is at most this long: a command line, not a document. */
const MAX_COMMAND_TEXT = 8 * 1024;
/** At most this many arguments. */
const MAX_ARGS = 200;

/** Reads an MCP endpoint's settings from the window or a file; each failure names the field and the fix. */
export function readMcpSettings(value: unknown, label: string): McpSettings {
  const record = readRecord(value, label);
  if (record.transport === 'http') {
    refuseUnknown(record, ['transport'], label);
    return { transport: 'http' };
  }
  if (record.transport !== 'stdio') {
    throw invalid(
      `${label}.transport must be "http" or "stdio", not ${JSON.stringify(record.transport) ?? describeType(record.transport)}`,
    );
  }
  refuseUnknown(record, ['transport', 'command', 'args', 'env'], label);
  const command = readString(record.command, `${label}.command`, MAX_COMMAND_TEXT).trim();
  if (command === '') throw invalid(`${label}.command is empty; name the program that runs the server`);
  const args = record.args === undefined ? [] : readList(record.args, `${label}.args`);
  if (args.length > MAX_ARGS) throw invalid(`${label}.args has ${args.length} arguments; use at most ${MAX_ARGS}`);
  return {
    transport: 'stdio',
    command,
    args: args.map((arg, index) => readString(arg, `${label}.args[${index}]`, MAX_COMMAND_TEXT)),
    env: readRows(record.env, `${label}.env`),
  };
}
