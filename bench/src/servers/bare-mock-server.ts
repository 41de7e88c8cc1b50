import Fastify from 'fastify';
import { listeningLine } from './listening-line.js';

// The baseline of mock-throughput: Fastify with one parameterised route answering the fixed JSON body given as the
// first argument, and no logging: the least any mock built on Node and Fastify can do for an example.
const body = process.argv[2] ?? '{}';
const app = Fastify({ logger: false });
app.get('/users/:id', (_request, reply) => {
  reply.type('application/json').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(listeningLine(Number(new URL(address).port)));
