import type { RunAssertion, RunScriptError } from '@client/core';
import { Verdict } from './verdict.js';

const PHASES: Record<RunScriptError['phase'], string> = { prerequest: 'pre-request', test: 'post-response' };

/** A script that threw or was stopped: whose, when, and why. */
export function ScriptErrorLine({ error }: { error: RunScriptError }) {
  return (
    <>
      <Verdict verdict="error" />
      <span className="check-text">
        The {error.level}’s {PHASES[error.phase]} script: <span className="check-message">{error.message}</span>
      </span>
    </>
  );
}

/** A script's test (or a run's check): its name, its verdict, and the message of a failure. */
export function TestLine({ test }: { test: RunAssertion }) {
  return (
    <>
      <Verdict verdict={test.skipped === true ? 'skipped' : test.error === undefined ? 'passed' : 'failed'} />
      <span className="check-text">
        <span>{test.assertion}</span>
        {test.error !== undefined && <span className="check-message">{test.error.message}</span>}
      </span>
    </>
  );
}
