import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listeningLine } from './listening-line.js';

// The least a local web app can do to paint its first screen: one static HTML page, answered by a bare node:http
// server. It is the baseline of ui-first-paint and shows what the app's projects screen shows: a list of projects.
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Client</title></head>
<body><main><h1>Projects</h1><ul aria-label="Projects"><li>Agent imports</li></ul></main></body></html>`;

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(PAGE) });
  response.end(PAGE);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(listeningLine((server.address() as AddressInfo).port)));
