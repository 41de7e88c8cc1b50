/** Facts both the app and client-mcp must agree on. */
export const APP_NAME = 'Client';

/** The control plane probes upward from the first port and gives up after the last. */
export const CONTROL_PLANE_PORTS = { first: 4110, last: 4129 } as const;

export function controlPlanePorts(): number[] {
  const ports: number[] = [];
  for (let port = CONTROL_PLANE_PORTS.first; port <= CONTROL_PLANE_PORTS.last; port++) ports.push(port);
  return ports;
}

export type Flavor = 'release' | 'dev';

/** Names of projects, folders, endpoints, environments and variable keys are for people: at most this long. */
export const MAX_NAME_LENGTH = 200;

/** Bodies above this size are refused by the control plane (413). */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** Shown instead of a secret value (Authorization, cookies, passwords) in listings. */
export const MASKED_VALUE = '••••';
