import { createHash } from 'node:crypto';
import type { AwsSigV4Auth } from '@client/core';
import aws4 from 'aws4';
import { type AddedHeader, addHeaders } from './added-headers.js';
import type { OutgoingRequest } from './outgoing-request.js';

/** An AWS SigV4 auth with its `{{variables}}` resolved. */
export type AwsCredentials = Omit<AwsSigV4Auth, 'type'>;

/** `20150830T123600Z`, the form AWS dates a signature with. */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/**
 * Signs the request as it will go out (AWS Signature Version 4, by the `aws4` library): `X-Amz-Date`, the session
 * token and, for S3, the payload digest are added as headers unless the request sets them, then every header
 * the request sends (and Host) is signed and the `Authorization` header written. Duplicated header names are
 * signed as one comma-joined value, as AWS reads them.
 */
export function signAwsSigV4(outgoing: OutgoingRequest, credentials: AwsCredentials, now = new Date()): void {
  const has = (name: string) => outgoing.headers.some((header) => header.key.toLowerCase() === name);
  const extra: AddedHeader[] = [];
  if (!has('x-amz-date')) extra.push({ key: 'X-Amz-Date', value: amzDate(now) });
  if (credentials.sessionToken !== '' && !has('x-amz-security-token')) {
    extra.push({ key: 'X-Amz-Security-Token', value: credentials.sessionToken });
  }
  if (credentials.service === 's3' && !has('x-amz-content-sha256')) {
    const body = outgoing.body ?? '';
    extra.push({ key: 'X-Amz-Content-Sha256', value: aws4Hash(body) });
  }
  const signed: Record<string, string[]> = { host: [outgoing.url.host] };
  for (const { key, value } of [...outgoing.headers, ...extra]) {
    const name = key.toLowerCase();
    if (name === 'authorization' || name === 'host') continue;
    signed[name] = [...(signed[name] ?? []), value];
  }
  const signer = new aws4.RequestSigner(
    {
      method: outgoing.method,
      host: outgoing.url.host,
      path: `${outgoing.url.pathname}${outgoing.url.search}`,
      headers: Object.fromEntries(Object.entries(signed).map(([name, values]) => [name, values.join(',')])),
      body: outgoing.body ?? '',
      service: credentials.service,
      region: credentials.region,
      // The app decides every header that goes out; aws4 only signs them.
      doNotModifyHeaders: true,
    },
    {
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      ...(credentials.sessionToken === '' ? {} : { sessionToken: credentials.sessionToken }),
    },
  );
  // The signature is dated by the X-Amz-Date that goes out, the request's own when it sets one.
  signer.datetime = signed['x-amz-date']?.[0] ?? amzDate(now);
  const request = signer.sign();
  const authorization = String(request.headers?.Authorization ?? '');
  addHeaders(outgoing, [...extra, { key: 'Authorization', value: authorization }]);
  if (credentials.sessionToken !== '') outgoing.derivedSecrets.push(credentials.sessionToken);
}

function aws4Hash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}
