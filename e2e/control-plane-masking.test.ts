import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, cleanupAppProcesses, startAppProcess } from './support/app-process.js';
import { type McpSession, resultText, startMcpSession } from './support/mcp-session.js';

const MCP_BIN = resolve(import.meta.dirname, '../packages/mcp/bin/client-mcp.js');

/** Every credential an agent may put in a command, each a value nothing else in the commands contains. */
const SECRETS = {
  authKey: 'hdr-auth-key-7781',
  xAuth: 'hdr-x-auth-7782',
  apim: 'hdr-apim-7783',
  accessKey: 'hdr-access-key-7784',
  queryKey: 'qry-key-7785',
  queryAccessKey: 'qry-access-key-7786',
  sig: 'qry-sig-7787',
  signature: 'qry-signature-7788',
  token: 'qry-token-7789',
  userinfo: 'url-password-7790',
  formPassword: 'body-password-7791',
  xmlPassword: 'body-xml-password-7792',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ2VudCIsIm4iOjc3OTN9.Zm9yLXRlc3Qtb25seS1ub3QtYS1yZWFsLXNpZ25hdHVyZQ',
  stripe: 'sk_live_51H8agentPlanted7794',
} as const;

const COMMANDS = [
  `curl https://api.example.com/headers -H 'X-Auth-Key: ${SECRETS.authKey}' -H 'X-Auth: ${SECRETS.xAuth}' ` +
    `-H 'Ocp-Apim-Subscription-Key: ${SECRETS.apim}' -H 'X-Access-Key: ${SECRETS.accessKey}' -H 'X-Trace: ${SECRETS.jwt}'`,
  `curl 'https://api.example.com/query?key=${SECRETS.queryKey}&access_key=${SECRETS.queryAccessKey}&sig=${SECRETS.sig}` +
    `&signature=${SECRETS.signature}&token=${SECRETS.token}&page=2'`,
  `curl https://api.example.com/form -H 'Content-Type: text/plain' --data-raw 'user=ada&password=${SECRETS.formPassword}'`,
  `curl https://api.example.com/xml -H 'Content-Type: application/xml' ` +
    `--data-raw '<login><user>ada</user><password>${SECRETS.xmlPassword}</password><note>${SECRETS.stripe}</note></login>'`,
];

let app: AppProcess;
let mcp: McpSession;
beforeAll(async () => {
  app = await startAppProcess();
  for (const command of COMMANDS) {
    const saved = await app.request('POST', '/agent/curl', { body: { command } });
    expect(saved.status).toBe(201);
  }
  mcp = await startMcpSession({ command: process.execPath, args: [MCP_BIN], env: { CLIENT_DATA_DIR: app.dataDir } });
});
afterAll(async () => {
  await mcp?.close();
  await cleanupAppProcesses();
});

function expectNoSecret(text: string): void {
  for (const [name, value] of Object.entries(SECRETS)) {
    expect(text.includes(value), `${name} (${value}) shows in the listing`).toBe(false);
  }
}

describe('credentials in what agents are shown', () => {
  it('none shows in GET /agent/endpoints, while the harmless parts do', async () => {
    const projects = (await app.request('GET', '/agent/projects')).json as { projectId: string }[];
    const listing = await app.request('GET', `/agent/endpoints/${projects[0]?.projectId}`);

    expect(listing.status).toBe(200);
    expectNoSecret(listing.text);
    expect(listing.text).toContain('"page"');
    expect(listing.text).toContain('<user>ada</user>');
    expect(listing.text).toContain('user=ada');
  });

  it('none shows in client-mcp list_endpoints', async () => {
    const projects = await mcp.call('list_projects');
    const projectId = (projects.structuredContent as { projects: { projectId: string }[] }).projects[0]?.projectId;
    const endpoints = await mcp.call('list_endpoints', { projectId });

    expect(endpoints.isError).toBeFalsy();
    expectNoSecret(resultText(endpoints));
    expectNoSecret(JSON.stringify(endpoints.structuredContent));
    expect(JSON.stringify(endpoints.structuredContent)).toContain('X-Auth-Key');
  });
});

describe('a password in the URL of a command', () => {
  it('is not shown in the project base_url the import wrote', async () => {
    const saved = await app.request('POST', '/agent/curl', {
      body: { command: `curl https://ada:${SECRETS.userinfo}@userinfo.example.com/v1/me`, name: 'me' },
    });
    expect(saved.status).toBe(201);
    expectNoSecret(saved.text);
    const projects = await app.request('GET', '/agent/projects');
    expectNoSecret(projects.text);
    const listed = await mcp.call('list_projects');
    expectNoSecret(resultText(listed));
  });
});
