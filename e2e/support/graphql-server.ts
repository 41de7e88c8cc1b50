import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type * as GraphqlJs from 'graphql';
import { createHandler } from 'graphql-http';

// graphql-http loads graphql-js as CommonJS; the schema must come from that same copy, or graphql-js refuses it as
// one "from another module or realm".
const { buildSchema } = createRequire(import.meta.url)('graphql') as typeof GraphqlJs;

const SCHEMA = buildSchema(`
  "Someone with an account."
  type User {
    id: ID!
    "The name the user chose."
    name: String!
    email: String
    role: Role!
  }

  enum Role {
    ADMIN
    MEMBER
  }

  type Query {
    "One user by id, or null."
    user(id: ID!): User
    users: [User!]!
  }

  type Mutation {
    renameUser(id: ID!, name: String!): User
  }
`);

const USERS = [
  { id: '1', name: 'Ada', email: 'ada@example.com', role: 'ADMIN' },
  { id: '2', name: 'Linus', email: null, role: 'MEMBER' },
];

const ROOT = {
  user: ({ id }: { id: string }) => USERS.find((user) => user.id === id) ?? null,
  users: () => USERS,
  renameUser: ({ id, name }: { id: string; name: string }) => {
    const user = USERS.find((one) => one.id === id);
    return user === undefined ? null : { ...user, name };
  },
};

/** A GraphQL server (graphql-js served by graphql-http) on 127.0.0.1, keeping each request body it was sent. */
export async function startGraphqlServer(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const handler = createHandler({ schema: SCHEMA, rootValue: ROOT });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      void handler({
        url: request.url ?? '/',
        method: request.method ?? 'GET',
        headers: request.headers,
        body,
        raw: request,
        context: undefined,
      }).then(
        ([payload, init]) => response.writeHead(init.status, init.statusText, init.headers).end(payload),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
