export { referencedVariables } from './sandbox/request-variables.js';
export {
  LAYER_PRECEDENCE,
  type RunVariable,
  RunVariables,
  type RunVariablesInit,
  type VariableRow,
  variableText,
} from './sandbox/run-variables.js';
export {
  DEFAULT_MEMORY_LIMIT_BYTES,
  DEFAULT_TIME_LIMIT_MS,
  type ScriptInput,
  ScriptSession,
  type ScriptSessionOptions,
} from './sandbox/script-session.js';
export type {
  ConsoleLevel,
  ConsoleLine,
  JsonValue,
  OutgoingScriptRequest,
  ScriptError,
  ScriptEvent,
  ScriptRequest,
  ScriptResponse,
  ScriptResult,
  ScriptRunInfo,
  SendRequestHost,
  TestResult,
  VariableChange,
  VariableLayer,
} from './sandbox/script-types.js';
