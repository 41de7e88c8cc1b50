/*
 * The WHATWG URL parser: a global in every runtime core runs in (Node, browsers). Declared here with the members
 * core reads, as `text-encoding.d.ts` declares the Encoding API, so that a host is read exactly as the sending
 * engine's `URL` reads it.
 */
declare class URL {
  constructor(input: string, base?: string);
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}
