import type { RunExecution } from '@client/core';
import { formatDuration } from '../lib/format.js';
import { executionChecks, executionVerdict } from '../lib/live-run.js';
import { ScriptErrorLine, TestLine } from './check-lines.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';
import { Verdict } from './verdict.js';

/**
 * One request of a run as it completed: its verdict, status, time and checks on one line, and under it (open when
 * it failed) each check with its message, the scripts that threw and why no response came.
 */
export function RunExecutionItem({ execution, showIteration }: { execution: RunExecution; showIteration: boolean }) {
  const verdict = executionVerdict(execution);
  const { passed, checked } = executionChecks(execution);
  const name = [...execution.item.path, execution.item.name].join(' / ');
  const details =
    execution.assertions.length > 0 || execution.error !== undefined || (execution.scriptErrors ?? []).length > 0;
  const line = (toggle: boolean) => (
    <>
      <span className="run-item-toggle" aria-hidden="true">
        {toggle && <Icon name="chevron" size={12} />}
      </span>
      <Verdict verdict={verdict} />
      <span className="run-iteration">{showIteration ? `#${execution.iteration + 1}` : ''}</span>
      <MethodBadge method={execution.request.method} />
      <span className="run-item-name">{name}</span>
      <span className="run-item-status">
        {execution.response === undefined ? 'no response' : execution.response.code}
      </span>
      <span className="run-item-time">
        {execution.response === undefined ? '' : formatDuration(execution.response.responseTime)}
      </span>
      <span className={passed < checked ? 'run-item-checks run-item-checks-failed' : 'run-item-checks'}>
        {checked === 0 ? 'no checks' : `${passed}/${checked} passed`}
      </span>
    </>
  );
  if (!details) {
    return (
      <li className="run-item">
        <div className="run-item-line run-item-line-plain">{line(false)}</div>
      </li>
    );
  }
  return (
    <li className="run-item">
      <details open={verdict === 'failed'}>
        <summary className="run-item-line">{line(true)}</summary>
        <div className="run-item-details">
          <p className="run-item-url mono">{execution.request.url}</p>
          {execution.error !== undefined && <p className="check-message">{execution.error.message}</p>}
          {(execution.scriptErrors ?? []).map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, shown once
            <p key={index} className="check-item">
              <ScriptErrorLine error={error} />
            </p>
          ))}
          {execution.assertions.length > 0 && (
            <ul className="checks-list" aria-label={`Checks of ${name}`}>
              {execution.assertions.map((assertion, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: checks may share a name; their order is theirs
                <li key={index} className="check-item">
                  <TestLine test={assertion} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </details>
    </li>
  );
}
