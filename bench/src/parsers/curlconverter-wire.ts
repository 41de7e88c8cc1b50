// curlconverter's own parse step (the one its generators share). Its public generators re-render the request
// for a target language and lose what the corpus checks (toJsonObject re-parses JSON bodies and merges
// duplicate headers; the HAR output drops multipart forms), so it is judged, and timed, on this step.
import { parse } from 'curlconverter/dist/src/parse.js';
import type { FormEntry } from '../fixtures/corpus.js';
import type { ParserOutcome, WireAuth } from './wire-request.js';

type CurlconverterRequest = ReturnType<typeof parse>[number];
type Text = { toString(): string } | null | undefined;

function text(word: Text): string | null {
  return word === null || word === undefined ? null : word.toString();
}

function multipartEntries(request: CurlconverterRequest): FormEntry[] | null {
  if (request.multipartUploads === undefined) return null;
  return request.multipartUploads.map((part): FormEntry => {
    const name = part.name.toString();
    const file = 'contentFile' in part ? text(part.contentFile) : null;
    const value = 'content' in part ? text(part.content) : null;
    const contentType = text(part.contentType);
    if (file === null && contentType === null) return [name, value ?? ''];
    return [
      name,
      {
        ...(value === null ? {} : { value }),
        ...(file === null ? {} : { file }),
        ...(contentType === null ? {} : { contentType }),
      },
    ];
  });
}

function wireAuth(request: CurlconverterRequest): WireAuth | null {
  const bearer = text(request.oauth2Bearer);
  if (bearer !== null) return { type: 'bearer', token: bearer };
  const credentials = request.urls[0]?.auth;
  if (credentials === undefined) return null;
  return { type: request.authType, username: credentials[0].toString(), password: credentials[1].toString() };
}

/** curlconverter's parser, its first request in the shape the corpus judge reads. */
export function parseWithCurlconverter(command: string): ParserOutcome {
  let request: CurlconverterRequest | undefined;
  try {
    request = parse(command)[0];
  } catch {
    // curlconverter throws its own CCError (and sometimes plain errors) for commands it cannot read.
    return 'refused';
  }
  const url = request?.urls[0];
  if (request === undefined || url === undefined) return 'refused';
  const [onlyData, ...moreData] = request.dataArray ?? [];
  const dataFile = onlyData !== undefined && moreData.length === 0 && 'filetype' in onlyData ? onlyData.filename : null;
  const uploadFile = text(url.uploadFile);
  return {
    method: url.method.toString(),
    url: url.url.toString(),
    headers: request.headers.headers.flatMap(([name, value]): [string, string][] =>
      value === null ? [] : [[name.toString(), value.toString()]],
    ),
    bodyText: dataFile === null ? text(request.data) : null,
    bodyFile: uploadFile ?? text(dataFile),
    multipart: multipartEntries(request),
    auth: wireAuth(request),
  };
}
