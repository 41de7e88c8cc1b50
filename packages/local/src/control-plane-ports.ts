import { AppError, controlPlanePorts } from '@client/core';
import { buildFlavor } from './flavor.js';

/** The most ports a test range may name: the app probes them one by one. */
const MAX_RANGE_PORTS = 100;

/**
 * The control-plane ports the app listens on and client-mcp and `client status` scan: 4110–4129, or, in a
 * build run from the source tree, `CLIENT_PORT_RANGE=first-last`, so tests run beside a person's own app
 * without finding it. A release build never honours the variable (`CLIENT_FLAVOR` cannot turn it on): every
 * released app and client-mcp must meet on the same ports.
 */
export function resolveControlPlanePorts(env: NodeJS.ProcessEnv = process.env): number[] {
  const range = env.CLIENT_PORT_RANGE;
  if (buildFlavor() === 'release' || range === undefined || range === '') return controlPlanePorts();
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(range);
  const first = Number(match?.[1]);
  const last = Number(match?.[2]);
  if (match === null || first < 1024 || last > 65_535 || first > last || last - first >= MAX_RANGE_PORTS) {
    throw new AppError(
      'VALIDATION',
      `CLIENT_PORT_RANGE must be "first-last" with 1024 ≤ first ≤ last ≤ 65535 and at most ${MAX_RANGE_PORTS} ports, ` +
        `not "${range}"; unset it to use the ports every Client uses`,
    );
  }
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
