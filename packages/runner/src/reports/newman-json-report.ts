import type { RunCount, RunExecution, RunStats } from '@client/core';
import { type ReportSource, withPositions } from './report-source.js';

interface Count extends RunCount {
  pending: number;
}

interface SerialisedError {
  name: string;
  message: string;
  /** For an assertion: its index among the request's checks and its name, as newman writes them. */
  index?: number;
  test?: string;
}

/** The parts of newman's JSON reporter output (its run summary) that CI tools read, written as newman writes them. */
export interface NewmanJsonReport {
  collection: { info: { _postman_id: string; name: string; schema: string } };
  environment: { id: string; name: string; values: [] } | null;
  run: {
    stats: Record<keyof RunStats | 'items' | 'scripts', Count>;
    timings: ReportSource['result']['timings'];
    executions: {
      id: string;
      cursor: { iteration: number; position: number };
      item: { id: string; name: string };
      request: { method: string; url: string };
      response?: { status: string; code: number; responseTime: number; responseSize: number };
      requestError?: { name: string; message: string };
      assertions: { assertion: string; skipped: boolean; error?: SerialisedError }[];
      prerequestScript?: { error: SerialisedError }[];
      testScript?: { error: SerialisedError }[];
    }[];
    transfers: { responseTotal: number };
    failures: {
      error: SerialisedError;
      at: string;
      source: { id: string; name: string };
      cursor: { iteration: number; position: number };
    }[];
    error: null;
  };
}

const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

const count = (value: RunCount): Count => ({ total: value.total, pending: 0, failed: value.failed });

function scriptErrors(execution: RunExecution, phase: 'prerequest' | 'test') {
  return (execution.scriptErrors ?? [])
    .filter((error) => error.phase === phase)
    .map((error) => ({ error: { name: 'Error', message: error.message } }));
}

function executionOf(execution: RunExecution, position: number) {
  const prerequest = scriptErrors(execution, 'prerequest');
  const test = scriptErrors(execution, 'test');
  return {
    id: execution.item.id,
    cursor: { iteration: execution.iteration, position },
    item: { id: execution.item.id, name: execution.item.name },
    request: execution.request,
    ...(execution.response === undefined
      ? {}
      : {
          response: {
            status: execution.response.status,
            code: execution.response.code,
            responseTime: execution.response.responseTime,
            responseSize: execution.response.size,
          },
        }),
    ...(execution.error === undefined ? {} : { requestError: { name: 'Error', message: execution.error.message } }),
    assertions: execution.assertions.map((assertion, index) => ({
      assertion: assertion.assertion,
      skipped: assertion.skipped === true,
      ...(assertion.error === undefined ? {} : { error: { ...assertion.error, index, test: assertion.assertion } }),
    })),
    ...(prerequest.length === 0 ? {} : { prerequestScript: prerequest }),
    ...(test.length === 0 ? {} : { testScript: test }),
  };
}

/** Every failure of the run in the order it happened, as newman lists them in `run.failures`. */
function failuresOf(source: ReportSource): NewmanJsonReport['run']['failures'] {
  return withPositions(source.result.executions).flatMap(({ execution, position }) => {
    const at = {
      source: { id: execution.item.id, name: execution.item.name },
      cursor: { iteration: execution.iteration, position },
    };
    const scripts = (phase: 'prerequest' | 'test') =>
      scriptErrors(execution, phase).map(({ error }) => ({ error, at: `${phase}-script`, ...at }));
    return [
      ...scripts('prerequest'),
      ...(execution.error === undefined
        ? []
        : [{ error: { name: 'Error', message: execution.error.message }, at: 'request', ...at }]),
      ...scripts('test'),
      ...execution.assertions.flatMap((assertion, index) =>
        assertion.error === undefined
          ? []
          : [
              {
                error: { ...assertion.error, index, test: assertion.assertion },
                at: `assertion:${index} in test-script`,
                ...at,
              },
            ],
      ),
    ];
  });
}

/**
 * The run as newman's JSON reporter writes its summary: `run.stats.{iterations,requests,assertions}.{total,
 * failed}` and `run.executions[]` with `item.name`, `request`, `response.{code,responseTime}` and `assertions[]`
 * of `{assertion, error?: {message}}`, so CI tools that read newman's report read this one.
 */
export function newmanJsonReport(source: ReportSource): NewmanJsonReport {
  const { stats, timings, executions } = source.result;
  return {
    collection: {
      info: { _postman_id: source.collection.id, name: source.collection.name, schema: COLLECTION_SCHEMA },
    },
    environment: source.environment === null ? null : { ...source.environment, values: [] },
    run: {
      stats: {
        iterations: count(stats.iterations),
        items: count({ total: executions.length, failed: 0 }),
        scripts: count({
          total: stats.prerequestScripts.total + stats.testScripts.total,
          failed: stats.prerequestScripts.failed + stats.testScripts.failed,
        }),
        requests: count(stats.requests),
        assertions: count(stats.assertions),
        testScripts: count(stats.testScripts),
        prerequestScripts: count(stats.prerequestScripts),
      },
      timings,
      executions: withPositions(executions).map(({ execution, position }) => executionOf(execution, position)),
      transfers: { responseTotal: executions.reduce((total, execution) => total + (execution.response?.size ?? 0), 0) },
      failures: failuresOf(source),
      error: null,
    },
  };
}
