import type { SendTiming } from '@client/core';
import { formatDuration } from '../lib/format.js';

/** Phases often take under a millisecond: those keep a decimal. */
function phaseText(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : formatDuration(ms);
}

const PHASES: readonly { key: keyof Omit<SendTiming, 'totalMs'>; label: string; hint: string }[] = [
  { key: 'dnsMs', label: 'DNS lookup', hint: 'Resolving the host name' },
  { key: 'connectMs', label: 'Connect', hint: 'Opening the TCP connection' },
  { key: 'tlsMs', label: 'TLS', hint: 'The TLS handshake' },
  { key: 'waitMs', label: 'Waiting', hint: 'From sending the request to the first byte of the answer' },
  { key: 'downloadMs', label: 'Download', hint: 'Reading the body' },
];

/** Where the time of a send went, each phase a bar that starts where the previous one ended. */
export function TimingWaterfall({ timing }: { timing: SendTiming }) {
  const total = Math.max(timing.totalMs, 0.1);
  let offset = 0;
  return (
    <table className="timing" aria-label="Timing">
      <tbody>
        {PHASES.map(({ key, label, hint }) => {
          const ms = timing[key];
          const start = offset;
          offset += ms;
          return (
            <tr key={key} title={hint}>
              <th scope="row">{label}</th>
              <td className="timing-track">
                <span
                  className={`timing-bar timing-${key}`}
                  style={{ marginLeft: `${(start / total) * 100}%`, width: `${Math.max((ms / total) * 100, 0.5)}%` }}
                />
              </td>
              <td className="timing-value mono">{phaseText(ms)}</td>
            </tr>
          );
        })}
        <tr className="timing-total">
          <th scope="row">Total</th>
          <td />
          <td className="timing-value mono">{phaseText(timing.totalMs)}</td>
        </tr>
      </tbody>
    </table>
  );
}
