import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** A WebSocket echo server on 127.0.0.1 for the app to connect to: it sends every message back as it came. */
export interface EchoServer {
  port: number;
  /** The handshake headers of each connection, in order. */
  handshakes: IncomingHttpHeaders[];
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const handshakes: IncomingHttpHeaders[] = [];
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });
  server.on('connection', (socket, request) => {
    handshakes.push(request.headers);
    socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    handshakes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
