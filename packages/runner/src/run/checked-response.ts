import type { Assertion, RunAssertion, RunExecution } from '@client/core';
import type { EngineOutcome } from '@client/http';
import type { AssertionResponse } from '../assertions/assertion-response.js';
import { evaluateAssertion, toRunAssertion } from '../assertions/evaluate-assertion.js';
import { type RunVariables, variableText } from '../sandbox/run-variables.js';
import type { ScriptResponse } from '../sandbox/script-types.js';

type Answer = Extract<EngineOutcome, { kind: 'response' }>;

/** A response as a run uses it: what scripts see, what the execution records, and its rows checked against it. */
export function checkedResponse(answer: Answer): {
  script: ScriptResponse;
  summary: NonNullable<RunExecution['response']>;
  assertRows(rows: readonly Assertion[], variables: RunVariables): RunAssertion[];
} {
  const response: AssertionResponse & ScriptResponse = {
    code: answer.status,
    status: answer.statusText,
    headers: answer.headers,
    // A binary body reads as empty text: scripts and rows check text.
    body: answer.body.text ?? '',
    responseTime: Math.round(answer.durationMs),
    size: answer.body.size,
    ...(answer.stream === undefined ? {} : { events: answer.stream.events }),
  };
  return {
    script: response,
    summary: { code: response.code, status: response.status, responseTime: response.responseTime, size: response.size },
    assertRows: (rows, variables) =>
      rows.map((row) =>
        toRunAssertion(
          evaluateAssertion(row, response, (name) => {
            const value = variables.resolve(name)?.value;
            return value === undefined ? undefined : variableText(value);
          }),
        ),
      ),
  };
}
