import type { ParsedCurlAuth } from './parsed-curl.js';
import type { CurlArgs } from './read-curl-args.js';

/**
 * The authentication the command asks for. `--oauth2-bearer` is a bearer token; `-u user:password` (or
 * userinfo in the URL, which `-u` overrides, as in curl) is Basic unless `--digest` makes it Digest. Schemes the
 * app cannot perform (NTLM, Negotiate, AWS SigV4) drop the credentials with a warning rather than send them
 * in a Basic header the server never asked for. A typed `Authorization` header (even an empty one, which curl
 * reads as "send none") replaces the header curl would write from any of them, so they are dropped too. No
 * warning ever repeats a credential.
 */
export function resolveAuth(
  args: CurlArgs,
  urlCredentials: { username: string; password: string } | null,
  typedAuthorization: boolean,
  host: string,
  warnings: string[],
): ParsedCurlAuth {
  if (typedAuthorization && (args.user !== null || args.bearer !== null || urlCredentials !== null)) {
    const given = args.bearer !== null ? '--oauth2-bearer' : args.user !== null ? '-u' : "the URL's user name";
    warnings.push(
      `${given} was ignored: the command also sets an Authorization header, which curl sends in its place.`,
    );
    return null;
  }
  if (args.user !== null && urlCredentials !== null) {
    warnings.push('The URL carried a user name and password; -u replaced them, as in curl.');
  }
  if (args.bearer !== null) {
    if (args.user !== null || urlCredentials !== null) {
      warnings.push(
        'Both a user name (-u or in the URL) and --oauth2-bearer were given; the bearer token was imported.',
      );
    }
    return args.bearer === '' ? null : { type: 'bearer', token: args.bearer };
  }
  const credentials = args.user !== null ? splitUser(args.user, warnings) : urlCredentials;
  if (credentials === null) return null;
  const { authSchemes } = args;
  if (args.awsSigv4 !== null) return awsSigV4(args.awsSigv4, credentials, host, warnings);
  if (authSchemes.has('ntlm') || authSchemes.has('ntlm-wb') || authSchemes.has('negotiate')) {
    const scheme = authSchemes.has('negotiate') ? '--negotiate' : '--ntlm';
    warnings.push(
      `${scheme} was ignored: that authentication scheme is not supported, so the credentials were not imported.`,
    );
    return null;
  }
  if (authSchemes.has('digest')) return { type: 'digest', ...credentials };
  if (authSchemes.has('anyauth')) {
    warnings.push('--anyauth lets curl pick the scheme the server asks for; the credentials were imported as Basic.');
  }
  return { type: 'basic', ...credentials };
}

/**
 * `--aws-sigv4 provider1[:provider2[:region[:service]]]` as curl reads it: region and service left out are taken
 * from an `<service>.<region>.amazonaws.com` host. Only the `aws` provider's algorithm (AWS4-HMAC-SHA256) is
 * supported; another one drops the credentials with a warning.
 */
function awsSigV4(
  value: string,
  credentials: { username: string; password: string },
  host: string,
  warnings: string[],
): ParsedCurlAuth {
  const [provider = '', , givenRegion = '', givenService = ''] = value.split(':');
  if (provider.toLowerCase() !== 'aws') {
    warnings.push(
      `--aws-sigv4 was ignored: only the aws provider's signature is supported, so the credentials were not imported.`,
    );
    return null;
  }
  const fromHost = /^([^.]+)\.([^.]+)\.amazonaws\.com(?:\.cn)?$/i.exec(host);
  const service = givenService || (fromHost?.[1] ?? '');
  const region = givenRegion || (fromHost?.[2] ?? '');
  if (region === '' || service === '') {
    warnings.push(
      '--aws-sigv4 names no region or service and the host does not say them; set them in the Auth tab before sending.',
    );
  }
  return {
    type: 'awsSigV4',
    accessKeyId: credentials.username,
    secretAccessKey: credentials.password,
    region,
    service,
  };
}

function splitUser(user: string, warnings: string[]): { username: string; password: string } | null {
  if (user === '') return null;
  const colon = user.indexOf(':');
  if (colon >= 0) return { username: user.slice(0, colon), password: user.slice(colon + 1) };
  warnings.push('-u gives no password, so curl would ask for it; the password was left empty.');
  return { username: user, password: '' };
}
