/**
 * A header of an example: the shape of the model's `KeyValue`, written here because the model refers to examples
 * (one module importing the other both ways is a cycle the dependency rules refuse).
 */
interface ExampleHeader {
  key: string;
  value: string;
  /** False for a header kept switched off: not answered. */
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
