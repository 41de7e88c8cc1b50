export type { AssertionResponse } from './assertions/assertion-response.js';
export { evaluateAssertion, toRunAssertion } from './assertions/evaluate-assertion.js';
export { type DataFileFormat, readCsvData, readDataFile, readJsonData } from './data/read-data-file.js';
export { loadTest } from './load/load-plan.js';
export { checkLoadOptions, MAX_LOAD_CONNECTIONS, MAX_LOAD_DURATION_MS, runLoad } from './load/run-load.js';
export { cliReport } from './reports/cli-report.js';
export { junitReport } from './reports/junit-report.js';
export { type NewmanJsonReport, newmanJsonReport } from './reports/newman-json-report.js';
export type { ReportSource } from './reports/report-source.js';
export {
  runPostResponseScripts,
  runPreRequestScripts,
  type ScriptedRequest,
  type ScriptOutcome,
  scopeOf,
} from './run/request-scripts.js';
export {
  type CollectionRun,
  type RunCollectionOptions,
  type RunProgress,
  runCollection,
} from './run/run-collection.js';
export type { PlannedRequest, RunPlan } from './run/run-plan.js';
export { scriptSender } from './run/script-sender.js';
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
