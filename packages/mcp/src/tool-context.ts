import { resolveControlPlanePorts } from '@client/local';

/** What every tool call needs to find the control plane; tests point it at their own ports and data dir. */
export interface ToolContext {
  env: NodeJS.ProcessEnv;
  ports: readonly number[];
  hintTimeoutMs: number;
  scanTimeoutMs: number;
  /** A whole forwarded call; the control plane itself gives up on a request after 30 s. */
  callTimeoutMs: number;
  /** How often a call that waits for the person (send_endpoint, run_tests) tells a client that asked for progress that it is still waiting. */
  progressIntervalMs: number;
}

export function defaultToolContext(env: NodeJS.ProcessEnv = process.env): ToolContext {
  return {
    env,
    ports: resolveControlPlanePorts(env),
    hintTimeoutMs: 500,
    scanTimeoutMs: 300,
    callTimeoutMs: 35_000,
    progressIntervalMs: 5_000,
  };
}
