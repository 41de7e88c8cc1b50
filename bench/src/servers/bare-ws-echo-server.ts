import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { listeningLine } from './listening-line.js';

// A WebSocket echo server: every message goes back as it came. The far end of ws-echo-10k for both sides.
const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
server.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
});
server.on('listening', () => process.stdout.write(listeningLine((server.address() as AddressInfo).port)));
