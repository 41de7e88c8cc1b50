import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listeningLine } from './listening-line.js';

// The least a Node HTTP server can do per request: read the body, answer a fixed JSON document. It is the
// baseline of the import and cold-start benchmarks, and the target of send-overhead. An optional argument
// pads the document to that many bytes.
const DOCUMENT = {
  endpointId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  projectId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  folderId: null,
  name: 'items',
  method: 'POST',
  baseUrl: 'https://api.example.com',
  path: '/v1/items',
  queryParams: [],
  state: 'Designing',
};
const padTo = Number(process.argv[2] ?? 0);
const unpadded = JSON.stringify({ ...DOCUMENT, pad: '' });
const BODY =
  padTo > unpadded.length
    ? JSON.stringify({ ...DOCUMENT, pad: 'x'.repeat(padTo - unpadded.length) })
    : JSON.stringify(DOCUMENT);

const server = createServer((request, response) => {
  request.resume();
  request.once('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': BODY.length });
    response.end(BODY);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(listeningLine((server.address() as AddressInfo).port)));
