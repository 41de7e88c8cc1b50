/**
 * A header row of an example: the model's `KeyValue` by shape, written out here so that the model, which holds
 * examples, and this file do not import each other.
 */
export interface ExampleHeader {
  key: string;
  value: string;
  enabled?: boolean;
}

/** How long a mock waits before it answers: `minMs` when both are equal, else a random time between them. */
export interface ExampleDelay {
  minMs: number;
  maxMs: number;
}

/**
 * A named answer of an endpoint: saved from a response, written by the person, or imported (an OpenAPI
 * response's `example`/`examples`, a Postman saved response). A mock replays it; exports write it back.
 */
export interface EndpointExample {
  /** Unique among the endpoint's examples; `Prefer: example=<name>` picks it. */
  name: string;
  status: number;
  headers: ExampleHeader[];
  /** The body as text, exactly as it is answered. */
  body: string;
  /** A mock answers with this status instead of `status` (to play a failure with a saved body). */
  mockStatus?: number;
  /** How long a mock waits before it answers with this example. */
  delay?: ExampleDelay;
}
