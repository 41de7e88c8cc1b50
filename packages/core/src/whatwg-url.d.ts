/*
 * The WHATWG URL parser: a global in every runtime core runs in (Node, browsers). Declared here, and only the
 * part core uses, because the app puts on the wire what this parser makes of a URL: an export that must send
 * the same bytes has to ask the same parser instead of imitating it.
 */
declare class URL {
  constructor(input: string);
  hash: string;
  readonly href: string;
}
