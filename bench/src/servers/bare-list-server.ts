import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { listeningLine } from './listening-line.js';

// The baseline of list-10k: the same rows from the same SQLite file, read with one prepared statement and
// JSON.stringify'd on every request; nothing is cached. The store keeps endpoints compactly (pairs as arrays,
// the body's mode apart from its text, times as integers, NULL for empty values), so the statement turns the
// columns back into the JSON text and ISO times the API shows, with SQLite's JSON and date functions, as the
// rows were stored before. Usage: bare-list-server.js <db path> <projectId>.
const [databasePath, projectId] = process.argv.slice(2);
if (databasePath === undefined || projectId === undefined) throw new Error('usage: bare-list-server <db> <projectId>');

/** Stored pairs (`[["k","v"], ["k","v",0]]`, NULL for none) as `[{"key":"k","value":"v"}, …, "enabled":false}]`. */
const pairsAsObjects = (column: string): string =>
  `(SELECT json_group_array(CASE WHEN json_array_length(pair.value) = 3
      THEN json_object('key', pair.value ->> 0, 'value', pair.value ->> 1, 'enabled', json('false'))
      ELSE json_object('key', pair.value ->> 0, 'value', pair.value ->> 1) END ORDER BY pair.key)
    FROM json_each(coalesce(${column}, '[]')) AS pair)`;
const isoTime = (column: string): string => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

const db = new Database(databasePath);
const rows = db.prepare(
  `SELECT e.id, p.id AS project_id, e.folder_id, e.name, e.method, e.path,
     ${pairsAsObjects('e.query_params')} AS query_params,
     ${pairsAsObjects('e.headers')} AS headers,
     CASE e.body_mode
       WHEN 'json' THEN json_object('mode', 'json', 'text', e.body)
       WHEN 'text' THEN json_object('mode', 'text', 'text', e.body)
       WHEN 'file' THEN json_object('mode', 'file', 'path', e.body)
       WHEN 'urlencoded' THEN json_object('mode', 'urlencoded', 'fields', json(${pairsAsObjects('e.body')}))
       WHEN 'multipart' THEN json_object('mode', 'multipart', 'parts', json(e.body))
       ELSE '{"mode":"none"}'
     END AS body,
     coalesce(e.auth, '{"type":"none"}') AS auth, e.state,
     ${isoTime('e.created_at')} AS created_at, ${isoTime('coalesce(e.updated_at, e.created_at)')} AS updated_at
   FROM endpoints AS e JOIN projects AS p ON p.seq = e.project_seq
   WHERE p.id = ? ORDER BY e.created_at, e.seq`,
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
