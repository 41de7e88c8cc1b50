import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StandIn } from './echo-stand-in.js';

/**
 * A stand-in for a REST API such as PayPal's sandbox or TransferWise's, enough for their collections' scripts: an
 * OAuth token from any `…/token` path, and for every other call one resource that carries each id the scripts
 * read (order, capture, vault, tracker, quote, profile). Ids and the `Paypal-Debug-Id` (which the PayPal
 * collection's test names) are made from the call itself, not from how many came before: a runner that skips one
 * call sees the same answers to the others.
 */
export async function startResourceApiStandIn(): Promise<StandIn> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://paypal').pathname;
      const call = createHash('sha256').update(`${request.method} ${path}`).digest('hex').slice(0, 10);
      const headers = { 'content-type': 'application/json', 'paypal-debug-id': call };
      if (request.method === 'DELETE') return void response.writeHead(204, headers).end();
      if (path.endsWith('/token')) {
        response.writeHead(200, headers);
        return void response.end(
          JSON.stringify({
            access_token: `token-${call}`,
            refresh_token: `refresh-${call}`,
            token_type: 'Bearer',
            expires_in: 32400,
          }),
        );
      }
      const vault = { attributes: { vault: { id: `VAULT-${call}` } } };
      response.writeHead(request.method === 'POST' ? 201 : 200, headers);
      response.end(
        JSON.stringify({
          id: `ID-${call}`,
          status: 'COMPLETED',
          payment_source: { card: vault, paypal: vault },
          purchase_units: [
            {
              payments: { captures: [{ id: `CAPTURE-${call}` }] },
              shipping: { trackers: [{ id: `TRACKER-${call}` }] },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
