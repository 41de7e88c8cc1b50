import type { ExampleDelay } from '../examples/example.js';

/** The ports a mock takes without `--port`: from 4010 up, below the control plane's range (4110–4129). */
export const MOCK_PORT_FIRST = 4010;
export const MOCK_PORT_LAST = 4109;

/** How a mock is started: by the window, `client mock`, or an agent (which needs no consent: it sends nothing). */
export interface MockStartOptions {
  projectId: string;
  /** Only this folder's endpoints (and its subfolders'); absent or null: the whole project. */
  folderId?: string | null;
  /** A port of the person's choosing; absent: the first free one from MOCK_PORT_FIRST. */
  port?: number;
  /** Whether requests are checked against the endpoints' contracts (422 when they break one); default true. */
  validate?: boolean;
  /** A delay before every answer (an example's own delay wins). */
  delay?: ExampleDelay;
  /** The origins whose browsers may call the mock; default `*`, any. */
  corsOrigins?: '*' | string[];
  startedBy: 'person' | 'agent';
}

/** A running mock, as the window, agents and `client mock` list it. */
export interface MockInfo {
  id: string;
  projectId: string;
  projectName: string;
  folderId: string | null;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  validate: boolean;
  delay?: ExampleDelay;
  corsOrigins: '*' | string[];
  startedBy: 'person' | 'agent';
  startedAt: string;
}

/** One request a mock answered, for its live log. */
export interface MockLogEntry {
  mockId: string;
  at: string;
  method: string;
  /** The path with its query, as the request line wrote it. */
  path: string;
  status: number;
  endpointId: string | null;
  endpointName: string | null;
  /**
   * Where the answer came from: an example's name, `schema example` (the contract's example), `generated`
   * (built from the response schema), or null for the mock's own answers (404, 405, 422, a preflight).
   */
  answer: string | null;
  /** From the request's arrival to the answer's last byte, delay included. */
  ms: number;
}
