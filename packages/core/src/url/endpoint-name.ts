import { MAX_NAME_LENGTH } from '../constants.js';
import { decodeLenient } from './decode-lenient.js';

function hostOf(origin: string): string {
  const withoutScheme = origin.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
  return withoutScheme.startsWith('[')
    ? withoutScheme.slice(0, withoutScheme.indexOf(']') + 1)
    : withoutScheme.replace(/:\d+$/, '');
}

/** The last non-empty path segment, decoded; for a bare origin, its host. */
export function deriveEndpointName(path: string, origin: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  const name = last === undefined ? hostOf(origin) : decodeLenient(last).trim() || hostOf(origin);
  return name.slice(0, MAX_NAME_LENGTH);
}
