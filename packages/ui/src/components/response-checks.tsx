import type { AssertionVerdict, ScriptVariableChange, SendChecks } from '@client/core';
import type { ReactNode } from 'react';
import { checkCounts } from '../lib/check-counts.js';
import { counted } from '../lib/format.js';
import { ScriptErrorLine, TestLine } from './check-lines.js';
import { KeepVariables } from './keep-variables.js';
import { Verdict } from './verdict.js';

interface ResponseChecksProps {
  checks: SendChecks;
  /** Keeps chosen variables the scripts set; absent where nothing can keep them (History). */
  onKeepVariables?: KeepVariablesHandler;
  /** Whether the Send's environment can take environment variables (one was in use). */
  environmentInUse?: boolean;
}

/** Keeps, of the checks named `checksId`, the changes chosen (by layer and name). */
export type KeepVariablesHandler = (
  checksId: string,
  keep: Pick<ScriptVariableChange, 'layer' | 'name'>[],
) => Promise<void>;

function rowVerdict(row: AssertionVerdict): 'passed' | 'failed' | 'skipped' {
  if (row.skipped === true) return 'skipped';
  return row.passed ? 'passed' : 'failed';
}

/**
 * What the checks of one Send found: each assertion row's verdict with the value it read and why it failed, the
 * scripts' tests, scripts that threw, what they printed, and the variables they set, which the person may keep.
 */
/** One list of verdicts under its title, named for assistive technology by that title. */
function ChecksSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="checks-section">
      <h3 className="section-title">{title}</h3>
      <ul className="checks-list">{children}</ul>
    </section>
  );
}

export function ResponseChecks({ checks, onKeepVariables, environmentInUse = false }: ResponseChecksProps) {
  const counts = checkCounts(checks);
  const summary =
    counts.checked === 0
      ? 'No checks were made.'
      : counts.failed === 0
        ? `All ${counted(counts.checked, 'check')} passed.`
        : `${counts.failed} of ${counted(counts.checked, 'check')} failed.`;
  return (
    <div className="response-body response-checks" data-testid="response-checks">
      <p className={counts.failed > 0 || counts.scriptErrors > 0 ? 'checks-summary checks-failed' : 'checks-summary'}>
        {summary}
        {counts.skipped > 0 && ` ${counts.skipped} skipped.`}
      </p>
      {checks.scriptErrors.length > 0 && (
        <ChecksSection title="Script errors">
          {checks.scriptErrors.map((error, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the errors are a fixed list, shown once
            <li key={index} className="check-item">
              <ScriptErrorLine error={error} />
            </li>
          ))}
        </ChecksSection>
      )}
      {checks.rows.length > 0 && (
        <ChecksSection title="Assertions">
          {checks.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one verdict per row, in the rows' order
            <li key={index} className="check-item">
              <Verdict verdict={rowVerdict(row)} />
              <span className="check-text">
                <span className="mono">{row.assertion}</span>
                {row.skipped !== true && (
                  <span className="check-actual">
                    got <span className="mono">{row.actual ?? 'nothing'}</span>
                  </span>
                )}
                {row.message !== undefined && <span className="check-message">{row.message}</span>}
              </span>
            </li>
          ))}
        </ChecksSection>
      )}
      {checks.tests.length > 0 && (
        <ChecksSection title="Script tests">
          {checks.tests.map((test, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tests may share a name; their order is theirs
            <li key={index} className="check-item">
              <TestLine test={test} />
            </li>
          ))}
        </ChecksSection>
      )}
      {checks.variables.length > 0 && (
        <KeepVariables
          changes={checks.variables}
          environmentInUse={environmentInUse}
          onKeep={
            onKeepVariables === undefined
              ? undefined
              : (chosen) =>
                  onKeepVariables(
                    checks.id,
                    chosen.map(({ layer, name }) => ({ layer, name })),
                  )
          }
        />
      )}
      {checks.console.length > 0 && (
        <section aria-label="Console" className="checks-section">
          <h3 className="section-title">Console</h3>
          <pre className="console-lines">
            {checks.console.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines in the order they were printed
              <span key={index} className={`console-line console-${line.level}`}>
                {line.level === 'log' ? '' : `${line.level}: `}
                {line.text}
                {'\n'}
              </span>
            ))}
          </pre>
        </section>
      )}
    </div>
  );
}
