/** The result of reading a cURL command: everything the command would send, nothing it would not. */
export interface ParsedCurl {
  /** Upper-case; `-X` wins; `-d` and `-F` imply POST, `-I` HEAD, `-T` PUT, `-G` GET. */
  method: string;
  /**
   * Absolute and otherwise as typed (never re-encoded, `{{var}}` kept): `http://` is assumed for a loopback host
   * and `https://` for any other when no scheme is typed, and none when the URL starts with a `{{variable}}`.
   * `-G` data and `--url-query` parts are appended to the query. Never carries userinfo (that becomes `auth`).
   */
  url: string;
  /**
   * In order, duplicates kept, names as typed. Headers implied by options (`Content-Type` from `-d`/`--json`,
   * `Accept` from `--json`, `Cookie`, `User-Agent`, `Referer`, `Range`) appear where their option stands,
   * unless a typed header of that name replaces or removes them.
   */
  headers: { name: string; value: string }[];
  body: ParsedCurlBody;
  auth: ParsedCurlAuth;
  /** Readable sentences about options that were ignored or could not be honoured; never quote secrets. */
  warnings: string[];
}

export type ParsedCurlBody =
  | null
  /** `-d`, `--data-raw`, `--data-binary`, `--json` and here-documents: the exact text curl sends. */
  | { mode: 'raw'; text: string }
  /**
   * Plain form data sent with the form content type: decoded pairs, in order. `serializeUrlencoded` writes
   * them back as the form body.
   */
  | { mode: 'urlencoded'; fields: { name: string; value: string }[] }
  /** `-F`/`--form-string` parts; the Content-Type header with its boundary is made when the request is sent. */
  | { mode: 'multipart'; parts: { name: string; value?: string; file?: string; contentType?: string }[] }
  /** `-T file`, `--data-binary @file`, `--json @file`, and `-d @file` (which curl sends without line breaks). */
  | { mode: 'file'; path: string };

export type ParsedCurlAuth =
  | null
  /** From `-u user:password` or userinfo in the URL; `--digest` makes it Digest. */
  | { type: 'basic' | 'digest'; username: string; password: string }
  /** From `--oauth2-bearer`. A typed `Authorization` header stays a header. */
  | { type: 'bearer'; token: string }
  /** From `--aws-sigv4 aws:amz[:region[:service]]` with `-u KEY:SECRET`; region and service from the host otherwise. */
  | { type: 'awsSigV4'; accessKeyId: string; secretAccessKey: string; region: string; service: string };
