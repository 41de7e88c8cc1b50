/** What a request's `Prefer` header asks of a mock, with Prism's names. */
export interface MockPreferences {
  /** `code=404`: answer with this status. */
  code?: number;
  /** `example=<name>`: answer with the example of that name. */
  example?: string;
  /** `dynamic=true`: random values from the response schema rather than the fixed ones. */
  dynamic: boolean;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/**
 * Reads `Prefer` (RFC 7240: preferences split by commas, each `name=value`, a value possibly quoted); several
 * headers count as one list. Preferences a mock does not know, and values it cannot use, are ignored as the RFC
 * asks: a request is never refused for its `Prefer`.
 */
export function readPreferences(header: string | string[] | undefined): MockPreferences {
  const preferences: MockPreferences = { dynamic: false };
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [preference = ''] = part.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const equals = preference.indexOf('=');
    if (equals === -1) continue;
    const name = preference.slice(0, equals).trim().toLowerCase();
    const value = unquote(preference.slice(equals + 1));
    if (name === 'code' && /^[1-5]\d\d$/.test(value)) preferences.code = Number(value);
    else if (name === 'example' && value !== '') preferences.example = value;
    else if (name === 'dynamic') preferences.dynamic = value.toLowerCase() === 'true';
  }
  return preferences;
}
