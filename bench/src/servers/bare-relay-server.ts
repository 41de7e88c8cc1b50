import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { listeningLine } from './listening-line.js';

// The least a local send API can do: read a JSON command naming a URL, GET it with undici, answer its status,
// headers and body as JSON. It pays the same hop from the caller as the app's send API, so it is the floor of
// send-overhead: what any app whose window asks it to send over HTTP would measure.
const server = createServer((incoming, response) => {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.once('end', async () => {
    const { url } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: string };
    const answer = await request(url, { headers: { accept: 'application/json' } });
    const body = JSON.stringify({ status: answer.statusCode, headers: answer.headers, body: await answer.body.text() });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(listeningLine((server.address() as AddressInfo).port)));
