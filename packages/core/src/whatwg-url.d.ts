/*
 * The WHATWG URL parser: a global in every runtime core runs in (Node, browsers). Declared here, and only the
 * part core uses, as `text-encoding.d.ts` declares the Encoding API, because the app puts on the wire what this
 * parser makes of a URL: an export that must send the same bytes, and a check of the host a secret goes to, have
 * to ask the same parser instead of imitating it.
 */
declare class URL {
  constructor(input: string, base?: string);
  hash: string;
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}
