import { describe, expect, it } from 'vitest';
import { planPostman } from './plan-postman.js';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const attributes = (values: Record<string, string>) =>
  Object.entries(values).map(([key, value]) => ({ key, value, type: 'string' }));

describe('planPostman auth', () => {
  it('imports AWS Signature v4 and the authorization code grant, and requests take their folder’s auth', () => {
    const plan = planPostman({
      info: { name: 'Cloud', schema: SCHEMA },
      auth: {
        type: 'awsv4',
        awsv4: attributes({ accessKey: '{{key}}', secretKey: '{{secret}}', region: 'eu-west-1', service: 's3' }),
      },
      item: [
        { name: 'List buckets', request: { method: 'GET', url: 'https://s3.amazonaws.com/' } },
        {
          name: 'Account',
          auth: {
            type: 'oauth2',
            oauth2: attributes({
              grant_type: 'authorization_code_with_pkce',
              authUrl: 'https://id.example.com/authorize',
              accessTokenUrl: 'https://id.example.com/token',
              clientId: 'app',
              scope: 'openid',
            }),
          },
          item: [{ name: 'Me', request: { method: 'GET', url: 'https://api.example.com/me' } }],
        },
      ],
    });
    expect(plan.endpoints.map((endpoint) => endpoint.draft.auth)).toEqual([
      {
        type: 'awsSigV4',
        accessKeyId: '{{key}}',
        secretAccessKey: '{{secret}}',
        sessionToken: '',
        region: 'eu-west-1',
        service: 's3',
      },
      {
        type: 'oauth2',
        grant: 'authorizationCode',
        authorizationUrl: 'https://id.example.com/authorize',
        tokenUrl: 'https://id.example.com/token',
        clientId: 'app',
        clientSecret: '',
        scope: 'openid',
      },
    ]);
    expect(plan.warnings).toEqual([]);
  });
});
