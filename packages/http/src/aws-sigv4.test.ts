import { describe, expect, it } from 'vitest';
import { signAwsSigV4 } from './aws-sigv4.js';
import type { OutgoingRequest } from './outgoing-request.js';

function outgoing(url: string, headers: { key: string; value: string }[], body: string | null = null): OutgoingRequest {
  return {
    method: 'GET',
    url: new URL(url),
    body,
    headers,
    digest: null,
    record: { url, headers: [{ key: 'host', value: new URL(url).host }, ...headers], body },
    derivedSecrets: [],
    files: [],
  };
}

// The worked example of AWS's "Create a signed AWS API request" guide (IAM ListUsers).
const EXAMPLE = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: '',
  region: 'us-east-1',
  service: 'iam',
};

describe('signAwsSigV4', () => {
  it('gives the signature of AWS’s own worked example', () => {
    const request = outgoing('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08', [
      { key: 'Content-Type', value: 'application/x-www-form-urlencoded; charset=utf-8' },
    ]);
    signAwsSigV4(request, EXAMPLE, new Date('2015-08-30T12:36:00Z'));
    expect(request.headers).toEqual([
      { key: 'Content-Type', value: 'application/x-www-form-urlencoded; charset=utf-8' },
      { key: 'X-Amz-Date', value: '20150830T123600Z' },
      {
        key: 'Authorization',
        value:
          'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
          'SignedHeaders=content-type;host;x-amz-date, ' +
          'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
      },
    ]);
  });

  it('replaces the request’s own Authorization, sends the session token and masks both in History', () => {
    const request = outgoing(
      'https://s3.amazonaws.com/bucket/key',
      [{ key: 'authorization', value: 'Bearer old' }],
      'x',
    );
    request.record.headers.push({ key: 'content-length', value: '1' });
    signAwsSigV4(request, { ...EXAMPLE, service: 's3', sessionToken: 'session-token-123' });
    const names = request.headers.map((header) => header.key);
    expect(names).toEqual(['X-Amz-Date', 'X-Amz-Security-Token', 'X-Amz-Content-Sha256', 'Authorization']);
    expect(request.headers.at(-1)?.value).toMatch(
      /SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
    // sha256("x")
    expect(request.headers[2]?.value).toBe('2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
    expect(request.record.headers.map(({ key, value }) => `${key}: ${value}`)).toEqual([
      'host: s3.amazonaws.com',
      `X-Amz-Date: ${request.headers[0]?.value}`,
      'X-Amz-Security-Token: ••••',
      `X-Amz-Content-Sha256: ${request.headers[2]?.value}`,
      'Authorization: ••••',
      'content-length: 1',
    ]);
    expect(request.derivedSecrets).toEqual(['session-token-123']);
  });
});
