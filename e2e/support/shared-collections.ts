import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Real exports written by others, beside the repository; a clone without them skips (and counts) the tests. */
export const SHARED = join(import.meta.dirname, '../../../shared/collections');
export const HAS_SHARED = existsSync(join(SHARED, 'README.md'));

/** What importing one of them creates. */
export interface SharedCase {
  folders: number;
  endpoints: number;
  environments?: number;
  baseUrl: string | null;
}

/** Each real file (or Bruno folder) below `SHARED`, and what its import creates, through the CLI and the window alike. */
export const SHARED_CASES: [string, SharedCase][] = [
  ['openapi30/petstore-expanded.yaml', { folders: 0, endpoints: 4, baseUrl: 'https://petstore.swagger.io/v2' }],
  ['openapi30/uspto.yaml', { folders: 2, endpoints: 3, baseUrl: 'https://developer.uspto.gov/ds-api' }],
  ['openapi30/callback-example.yaml', { folders: 0, endpoints: 1, baseUrl: null }],
  ['openapi31/realworld-conduit.openapi.yml', { folders: 6, endpoints: 19, baseUrl: 'https://api.realworld.show/api' }],
  ['swagger20/petstore.json', { folders: 3, endpoints: 20, baseUrl: 'http://petstore.swagger.io/v2' }],
  ['postman21/realworld-conduit.postman_collection.json', { folders: 5, endpoints: 32, baseUrl: '{{APIURL}}' }],
  ['postman21/transferwise-bank-flow.postman_collection.json', { folders: 23, endpoints: 50, baseUrl: '{{host}}' }],
  ['postman20/paypal-checkout-flows.json', { folders: 13, endpoints: 43, baseUrl: 'https://api-m.sandbox.paypal.com' }],
  [
    'postman20/newman-echo-v2.postman_collection.json',
    { folders: 7, endpoints: 22, baseUrl: 'https://postman-echo.com' },
  ],
  [
    'insomnia/inso-v4-export.json',
    { folders: 1, endpoints: 13, environments: 1, baseUrl: '{{scheme}}://{{host}}{{base_path}}' },
  ],
  ['insomnia/oauth-v4-export.yaml', { folders: 4, endpoints: 8, baseUrl: 'http://127.0.0.1:4010' }],
  ['insomnia/insomnia-v5.yaml', { folders: 3, endpoints: 3, baseUrl: 'https://api.example.com' }],
  ['har/firefox.har', { folders: 2, endpoints: 14, baseUrl: 'https://mitmproxy.org' }],
  ['har/postdata.har', { folders: 1, endpoints: 1, baseUrl: 'https://signal-metrics-collector-beta.s-onetag.com' }],
  ['bruno/cms-catalog', { folders: 6, endpoints: 39, baseUrl: 'http://localhost:8096' }],
  ['large/api.github.com.json', { folders: 28, endpoints: 623, baseUrl: 'https://api.github.com' }],
];
