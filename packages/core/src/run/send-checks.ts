import type { AssertionVerdict } from '../assertions/assertion-verdict.js';
import type { RunAssertion, RunScriptError } from './run-result.js';

/** A variable a script set (a value) or unset (null) during a Send, for the person to keep or leave. */
export interface ScriptVariableChange {
  /** Where the script put it: the environment, the project's variables (Postman's collection), or globals. */
  layer: 'environment' | 'collection' | 'globals';
  name: string;
  value: string | null;
  /** A secret's value is never sent to the window: it reads `••••`. */
  secret: boolean;
}

/** A line a script printed with `console.*`. */
export interface ScriptConsoleLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

/** What the checks of one Send found: the endpoint's assertion rows, its scripts' tests, and what else they did. */
export interface SendChecks {
  /** Names these checks for keeping the variables they set (`POST /api/send/variables`), for a while after the Send. */
  id: string;
  /** One verdict per assertion row, in the rows' order; a switched-off row is `skipped`. */
  rows: AssertionVerdict[];
  /** The tests the scripts declared (`pm.test`, `test`), in order. */
  tests: RunAssertion[];
  scriptErrors: RunScriptError[];
  console: ScriptConsoleLine[];
  variables: ScriptVariableChange[];
}
