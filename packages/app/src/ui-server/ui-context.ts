import type { SecretBox } from '@client/secrets';
import type { Store } from '@client/store';
import type { RequestSender } from '../sending/request-sender.js';
import type { ResponseBodies } from '../sending/response-bodies.js';
import type { EventStream } from './event-stream.js';
import type { UiServerOptions } from './ui-server-options.js';

/** What the route modules share. */
export interface UiContext {
  store: Store;
  options: UiServerOptions;
  sender: RequestSender;
  /** The latest responses' bodies, whole, fetched by the window by id. */
  responseBodies: ResponseBodies;
  stream: EventStream;
  /** The secret box, opened on first use. */
  secrets(): Promise<SecretBox>;
  /** Runs the app's import and marks the `endpoint-imported` it announces as the UI's own. */
  importFromUi<T>(work: () => T): T;
}
