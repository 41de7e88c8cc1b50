import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

/** One request as a raw TCP server read it: the head as it came (latin1) and Content-Length bytes of body. */
export interface RawRequest {
  head: string;
  body: Buffer;
}

export interface RawCapture {
  origin: string;
  received: RawRequest[];
  close(): Promise<void>;
}

/**
 * A server on 127.0.0.1 with no HTTP parser between the socket and the test, so nothing is normalised: it reads
 * one request per connection, answers 200 and closes.
 */
export async function startRawCapture(): Promise<RawCapture> {
  const received: RawRequest[] = [];
  const serve = (socket: Socket) => {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffered.subarray(0, end).toString('latin1');
      // A chunked body is kept as framed (it differs from any Content-Length body a test expects, visibly).
      const chunkedEnd = /\r\ntransfer-encoding: *chunked/i.test(head) ? buffered.indexOf('\r\n0\r\n\r\n', end) : -1;
      const length =
        chunkedEnd >= 0 ? chunkedEnd + 7 - (end + 4) : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (/\r\ntransfer-encoding: *chunked/i.test(head) && chunkedEnd < 0) return;
      if (buffered.length < end + 4 + length) return;
      received.push({ head, body: buffered.subarray(end + 4, end + 4 + length) });
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
    socket.on('error', () => undefined);
  };
  const server: Server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
