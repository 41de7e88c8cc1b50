import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { listenForRedirect } from './loopback-redirect.js';

async function get(url: string, headers: Record<string, string> = {}) {
  const answer = await request(url, { headers });
  return { status: answer.statusCode, body: await answer.body.text() };
}

describe('listenForRedirect', () => {
  it('takes one answer on 127.0.0.1 with the state it was given, and then listens no more', async () => {
    const redirect = await listenForRedirect('state-1', 60_000);
    expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    // A favicon, or a page that rebound a name to this port, does not count.
    expect((await get(new URL('/favicon.ico', redirect.redirectUri).href)).status).toBe(404);
    const port = new URL(redirect.redirectUri).port;
    expect((await get(`${redirect.redirectUri}?code=c&state=state-1`, { host: `evil.example:${port}` })).status).toBe(
      404,
    );

    expect((await get(`${redirect.redirectUri}?code=the-code&state=state-1`)).status).toBe(200);
    await expect(redirect.code).resolves.toBe('the-code');
    await expect(get(`${redirect.redirectUri}?code=again&state=state-1`)).rejects.toThrow();
  });

  it('reports what the authorization server refused, and a missing code', async () => {
    const refused = await listenForRedirect('s', 60_000);
    const answer = await get(`${refused.redirectUri}?error=access_denied&error_description=User+said+no&state=s`);
    expect(answer.status).toBe(400);
    await expect(refused.code).rejects.toThrow(
      'the authorization server refused the sign-in (access_denied: User said no)',
    );
    const empty = await listenForRedirect('s', 60_000);
    await get(`${empty.redirectUri}?state=s`);
    await expect(empty.code).rejects.toThrow('carried no authorization code');
  });

  it('gives up when no answer comes in time, and when closed', async () => {
    const late = await listenForRedirect('s', 50);
    await expect(late.code).rejects.toThrow('no sign-in answer arrived in time');
    await expect(get(late.redirectUri)).rejects.toThrow();
    const closed = await listenForRedirect('s', 60_000);
    closed.close();
    await expect(closed.code).rejects.toThrow('the sign-in was cancelled');
  });
});
