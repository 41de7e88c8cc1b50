import { curlLongOpts, curlShortOpts } from 'curlconverter/dist/src/curl/opts.js';
import { describe, expect, it } from 'vitest';
import curlHelpOptions from './corpus/curl-7.88-help-options.json' with { type: 'json' };
import { CURL_OPTIONS, findLongOption, findOptionByPrefix, findShortOption } from './curl-options.js';
import { ignoredOptionWarning } from './ignored-option.js';
import { parseCurl } from './parse-curl.js';

/** curl documents `--help <category>`; the import refuses `curl --help` whatever follows, so it reads it as a flag. */
const READ_AS_FLAG = new Set(['help']);
/** curl 8.10 gave -i to --show-headers; --include stays as its letterless alias. Older lists still say -i, --include. */
const LETTER_MOVED: Readonly<Record<string, string>> = { include: 'show-headers' };
/** Options that end the import on purpose: they print information instead of making a request. */
const INFORMATION_ONLY = new Set(['help', 'version', 'manual', 'dump-ca-embed']);

describe('the curl option table', () => {
  it("agrees with curl 7.88's documented option list (curl --help all) on every name, letter and value", () => {
    const disagreements = curlHelpOptions.flatMap((documented) => {
      // The list names a switch that is on by default by its negation (--no-buffer); the table holds --buffer.
      const negated = documented.long.startsWith('no-') ? findLongOption(documented.long.slice(3)) : undefined;
      const option = negated ?? findLongOption(documented.long);
      if (option === undefined) return [`--${documented.long} is missing`];
      const problems: string[] = [];
      const letterOwner = documented.short === null ? undefined : findShortOption(documented.short)?.long;
      const expectedOwner = LETTER_MOVED[option.long] ?? option.long;
      if (documented.short !== null && letterOwner !== expectedOwner)
        problems.push(`-${documented.short} is ${letterOwner}`);
      if (option.value !== documented.value && !READ_AS_FLAG.has(documented.long))
        problems.push(`--${documented.long} value`);
      return problems;
    });
    expect(disagreements).toEqual([]);
  });

  it("agrees with curlconverter's table, extracted from curl's sources, on which options take a value", () => {
    const disagreements = Object.entries(curlLongOpts).flatMap(([name, spec]) => {
      if (name.startsWith('no-') || READ_AS_FLAG.has(name)) return [];
      // Options curl dropped long ago: on/off ones read as unknown flags, which is equivalent; value ones must stay.
      if ('removed' in spec && (spec.type !== 'string' || name.trim() !== name)) return [];
      const option = findLongOption(name);
      if (option === undefined) return [`--${name} is missing`];
      return option.value === (spec.type === 'string') ? [] : [`--${name} value`];
    });
    expect(disagreements).toEqual([]);
  });

  it('maps every single letter as curl does', () => {
    const disagreements = Object.entries(curlShortOpts).flatMap(([letter, long]) => {
      const named = long === 'no-buffer' ? 'buffer' : long;
      const expected = LETTER_MOVED[named] ?? named;
      return findShortOption(letter)?.long === expected ? [] : [`-${letter}`];
    });
    expect(disagreements).toEqual([]);
  });

  it('names each option and each letter once', () => {
    const longs = CURL_OPTIONS.map((option) => option.long);
    const letters = CURL_OPTIONS.flatMap((option) => (option.short === null ? [] : [option.short]));
    expect(new Set(longs).size).toBe(longs.length);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('resolves an unambiguous abbreviation and nothing else', () => {
    expect(findOptionByPrefix('insec')?.long).toBe('insecure');
    expect(findOptionByPrefix('data-urlen')?.long).toBe('data-urlencode');
    expect(findOptionByPrefix('dat')).toBeUndefined();
    expect(findOptionByPrefix('zzz')).toBeUndefined();
    expect(findOptionByPrefix('')).toBeUndefined();
  });

  it('has a warning sentence for every option it ignores with a warning', () => {
    for (const option of CURL_OPTIONS) {
      if (option.use === 'request' || option.use === 'output' || option.use === 'inert') continue;
      expect(ignoredOptionWarning(option, option.use)).not.toContain('it is not imported.');
    }
  });
});

describe('every option read in a command', () => {
  const base = 'https://x.example.com/';
  // --url's value is the URL itself and --next ends the first request before it; both have their own cases.
  const checked = CURL_OPTIONS.filter(
    (option) => !INFORMATION_ONLY.has(option.long) && option.long !== 'url' && option.long !== 'next',
  );

  it.each(checked.map((option) => [option.long, option] as const))(
    '--%s takes exactly its own value',
    (_long, option) => {
      const typed = option.value ? `--${option.long} a=b` : `--${option.long}`;
      expect(parseCurl(`curl ${typed} ${base}`).url.startsWith(base)).toBe(true);
      expect(parseCurl(`curl ${base} ${typed}`).url.startsWith(base)).toBe(true);
      if (option.short !== null) {
        const short = option.value ? `-${option.short} a=b` : `-${option.short}`;
        expect(parseCurl(`curl ${short} ${base}`).url.startsWith(base)).toBe(true);
      }
    },
  );

  it.each([...INFORMATION_ONLY])('--%s is refused because it sends no request', (long) => {
    expect(() => parseCurl(`curl --${long} ${base}`)).toThrow(/only prints information/);
  });
});
