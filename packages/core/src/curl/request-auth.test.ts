import { describe, expect, it } from 'vitest';
import { parseCurl } from './parse-curl.js';

const auth = (command: string) => parseCurl(command).auth;

describe('authentication', () => {
  it('reads -u user:password as Basic, splitting at the first colon', () => {
    expect(auth('curl -u alice:pa:ss https://a.example.com')).toEqual({
      type: 'basic',
      username: 'alice',
      password: 'pa:ss',
    });
  });

  it('makes it Digest with --digest, and keeps Basic with --basic', () => {
    expect(auth('curl --digest -u a:b https://a.example.com')).toEqual({
      type: 'digest',
      username: 'a',
      password: 'b',
    });
    expect(auth('curl --basic -u a:b https://a.example.com')).toEqual({ type: 'basic', username: 'a', password: 'b' });
  });

  it('takes userinfo from the URL, percent-decoded, and removes it from the URL', () => {
    const parsed = parseCurl("curl 'https://j%40ne:p%3Aw@a.example.com:8443/x'");
    expect(parsed.auth).toEqual({ type: 'basic', username: 'j@ne', password: 'p:w' });
    expect(parsed.url).toBe('https://a.example.com:8443/x');
  });

  it('applies --digest to URL userinfo too', () => {
    expect(auth('curl --digest https://a:b@a.example.com')).toEqual({ type: 'digest', username: 'a', password: 'b' });
  });

  it('reads --oauth2-bearer as a bearer token', () => {
    expect(auth('curl --oauth2-bearer abc.def https://a.example.com')).toEqual({ type: 'bearer', token: 'abc.def' });
  });

  it.each([
    ['--ntlm', '--ntlm was ignored'],
    ['--negotiate', '--negotiate was ignored'],
    ['--aws-sigv4 osc:osc:eu-west-2:api', '--aws-sigv4 was ignored'],
  ])('does not import credentials for %s, and warns without repeating them', (option, warning) => {
    const parsed = parseCurl(`curl ${option} -u admin:hunter2 https://a.example.com`);
    expect(parsed.auth).toBeNull();
    expect(parsed.warnings).toEqual([expect.stringContaining(warning)]);
    expect(parsed.warnings.join(' ')).not.toContain('hunter2');
  });

  it('reads --aws-sigv4 with -u as AWS Signature v4, region and service from the option or else the host', () => {
    expect(auth('curl --aws-sigv4 aws:amz:eu-west-1:s3 -u KEY:SECRET https://bucket.example.com/k')).toEqual({
      type: 'awsSigV4',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
      region: 'eu-west-1',
      service: 's3',
    });
    expect(auth("curl --aws-sigv4 'aws:amz' -u K:S https://execute-api.us-east-2.amazonaws.com/prod")).toEqual({
      type: 'awsSigV4',
      accessKeyId: 'K',
      secretAccessKey: 'S',
      region: 'us-east-2',
      service: 'execute-api',
    });
    const unknown = parseCurl('curl --aws-sigv4 aws:amz -u K:S https://api.example.com/');
    expect(unknown.auth).toMatchObject({ type: 'awsSigV4', region: '', service: '' });
    expect(unknown.warnings).toEqual([expect.stringContaining('set them in the Auth tab')]);
  });

  it('leaves auth empty for -u with an empty value', () => {
    expect(auth("curl -u '' https://a.example.com")).toBeNull();
  });

  it('keeps a typed Authorization header as a header', () => {
    const parsed = parseCurl("curl -H 'Authorization: Bearer t' https://a.example.com");
    expect(parsed.auth).toBeNull();
    expect(parsed.headers).toEqual([{ name: 'Authorization', value: 'Bearer t' }]);
  });
});
