/** The result of reading a cURL command: everything the command would send, nothing it would not. */
export interface ParsedCurl {
  /** Upper-case; `-X` wins; `-d` implies POST, `-I` HEAD, `-T` PUT, `-G` GET. */
  method: string;
  /** Absolute; a scheme is assumed when none is typed; never carries userinfo (that becomes `auth`). */
  url: string;
  /** In order, duplicates kept, names as typed; headers implied by options appear here too. */
  headers: { name: string; value: string }[];
  body: ParsedCurlBody;
  auth: ParsedCurlAuth;
  /** Options that were ignored or could not be honoured. */
  warnings: string[];
}

export type ParsedCurlBody =
  | null
  /** `-d`, `--data-raw`, `--data-binary`, `--json`: the exact bytes curl sends. */
  | { mode: 'raw'; text: string }
  /** Decoded pairs, in order. */
  | { mode: 'urlencoded'; fields: { name: string; value: string }[] }
  | { mode: 'multipart'; parts: { name: string; value?: string; file?: string; contentType?: string }[] }
  /** `-T`, `--data-binary @file`. */
  | { mode: 'file'; path: string };

export type ParsedCurlAuth =
  | null
  | { type: 'basic' | 'digest'; username: string; password: string }
  | { type: 'bearer'; token: string };
