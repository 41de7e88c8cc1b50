import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { listeningLine } from './listening-line.js';

// The baseline of list-10k: the same rows from the same SQLite file, read with one prepared statement and
// JSON.stringify'd on every request; nothing is cached. Usage: bare-list-server.js <db path> <projectId>.
const [databasePath, projectId] = process.argv.slice(2);
if (databasePath === undefined || projectId === undefined) throw new Error('usage: bare-list-server <db> <projectId>');

const db = new Database(databasePath);
const rows = db.prepare(
  `SELECT id, project_id, folder_id, name, method, path, query_params, headers, body, auth, state, created_at,
   updated_at FROM endpoints WHERE project_id = ? ORDER BY created_at, seq`,
);

const server = createServer((request, response) => {
  request.resume();
  const body = JSON.stringify(rows.all(projectId));
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(listeningLine((server.address() as AddressInfo).port)));
