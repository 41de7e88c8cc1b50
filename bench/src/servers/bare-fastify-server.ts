import Fastify from 'fastify';
import { listeningLine } from './listening-line.js';

// The baseline of generated-page-throughput: Fastify with one hello route and no logging.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(listeningLine(Number(new URL(address).port)));
