import type { CliOutput } from './cli-output.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Resolves with the first stop signal. A second one while the command is stopping cuts the shutdown short,
 * for a person who does not want to wait for in-flight requests.
 */
export function waitForStopSignal(output: CliOutput): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      for (const name of STOP_SIGNALS) process.off(name, onSignal);
      for (const name of STOP_SIGNALS) {
        process.once(name, () => {
          output.err('client: stopped without waiting for in-flight requests\n');
          process.exit(1);
        });
      }
      resolve(signal);
    };
    for (const name of STOP_SIGNALS) process.on(name, onSignal);
  });
}
