/*
 * The WHATWG Encoding API: a global in every runtime core runs in (Node, browsers). Declared here, and nothing
 * else, because core compiles without Node's types and without the DOM's, so that no other platform API can
 * come into core unnoticed.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
