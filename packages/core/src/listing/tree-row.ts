import type { EndpointKind } from '../kinds/endpoint-kind.js';
import type { EndpointState } from '../model.js';

/**
 * What the UI's tree shows of one endpoint, as the tree's answer carries it: a row of values rather than an object,
 * so that a project of 10,000 endpoints is read, sent and parsed without its seven keys repeated 10,000 times.
 */
export type EndpointTreeRow = [
  id: string,
  folderId: string | null,
  name: string,
  method: string,
  path: string,
  state: EndpointState,
  /** Absent for an HTTP request. */
  kind?: EndpointKind,
];
