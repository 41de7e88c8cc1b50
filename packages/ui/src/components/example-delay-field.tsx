import { type ExampleDelay, MAX_EXAMPLE_DELAY_MS } from '@client/core';

type DelayKind = 'none' | 'fixed' | 'range';

function kindOf(delay: ExampleDelay | undefined): DelayKind {
  if (delay === undefined) return 'none';
  return delay.minMs === delay.maxMs ? 'fixed' : 'range';
}

/** A number typed into a millisecond field: whole, within what a delay may be. */
function milliseconds(text: string): number {
  const value = Math.round(Number(text));
  return Number.isFinite(value) ? Math.min(Math.max(value, 0), MAX_EXAMPLE_DELAY_MS) : 0;
}

interface DelayFieldProps {
  /** What the delay belongs to, for the fields' names: `Example 200 OK`, `Mock`. */
  label: string;
  delay: ExampleDelay | undefined;
  onChange: (delay: ExampleDelay | undefined) => void;
}

/** How long a mock waits before answering: not at all, a fixed time, or a random time between two. */
export function DelayField({ label, delay, onChange }: DelayFieldProps) {
  const kind = kindOf(delay);
  const choose = (next: DelayKind) => {
    const from = delay?.minMs ?? 200;
    if (next === 'none') onChange(undefined);
    else if (next === 'fixed') onChange({ minMs: from, maxMs: from });
    else onChange({ minMs: from, maxMs: Math.max(from, delay?.maxMs ?? from) + 300 });
  };
  return (
    <div className="delay-field">
      <select
        className="select"
        aria-label={`${label} delay`}
        value={kind}
        onChange={(event) => choose(event.target.value as DelayKind)}
      >
        <option value="none">No delay</option>
        <option value="fixed">Fixed delay</option>
        <option value="range">Random delay</option>
      </select>
      {delay !== undefined && (
        <>
          <input
            className="input delay-ms"
            type="number"
            min={0}
            max={MAX_EXAMPLE_DELAY_MS}
            step={50}
            aria-label={kind === 'fixed' ? `${label} delay in milliseconds` : `${label} shortest delay in milliseconds`}
            value={delay.minMs}
            onChange={(event) => {
              const minMs = milliseconds(event.target.value);
              onChange(kind === 'fixed' ? { minMs, maxMs: minMs } : { ...delay, minMs });
            }}
          />
          {kind === 'range' && (
            <>
              <span className="muted">to</span>
              <input
                className="input delay-ms"
                type="number"
                min={0}
                max={MAX_EXAMPLE_DELAY_MS}
                step={50}
                aria-label={`${label} longest delay in milliseconds`}
                value={delay.maxMs}
                onChange={(event) => onChange({ ...delay, maxMs: milliseconds(event.target.value) })}
              />
            </>
          )}
          <span className="muted">ms</span>
        </>
      )}
    </div>
  );
}
