import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-output.js';
import { readCorsOption, readDelayOption, readMockArguments } from './mock-arguments.js';

describe('readMockArguments', () => {
  it('validates by default and takes each option as given', () => {
    expect(readMockArguments('Shop', {})).toEqual({ project: 'Shop', options: { validate: true } });
    expect(
      readMockArguments('Shop', {
        folder: 'f1',
        port: '4050',
        'no-validate': true,
        delay: '100-250',
        cors: 'http://localhost:3000, http://127.0.0.1:5173/',
      }),
    ).toEqual({
      project: 'Shop',
      options: {
        folderId: 'f1',
        port: 4050,
        validate: false,
        delay: { minMs: 100, maxMs: 250 },
        corsOrigins: ['http://localhost:3000', 'http://127.0.0.1:5173'],
      },
    });
  });

  it.each([
    [{ port: '0' }, '--port takes a port number from 1 to 65535, not "0"'],
    [{ port: '65536' }, 'not "65536"'],
    [{ port: '40a' }, 'not "40a"'],
    [{ delay: '-5' }, '--delay takes milliseconds'],
    [{ delay: '500-100' }, 'the smaller first'],
    [{ delay: '60001' }, 'up to 60000'],
    [{ cors: 'localhost:3000' }, '--cors takes origins such as http://localhost:3000'],
    [{ cors: 'http://localhost:3000/app' }, 'not "http://localhost:3000/app"'],
    [{ cors: ',' }, '--cors takes * or origins'],
  ])('refuses %j with a usage error saying %s', (values, message) => {
    expect(() => readMockArguments('Shop', values)).toThrow(UsageError);
    expect(() => readMockArguments('Shop', values)).toThrow(message);
  });

  it('reads a fixed delay as a range of one', () => {
    expect(readDelayOption('0')).toEqual({ minMs: 0, maxMs: 0 });
    expect(readDelayOption(' 250 ')).toEqual({ minMs: 250, maxMs: 250 });
  });

  it('ends in options or a usage error for any text given to --delay, --port or --cors', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (delay, port, cors) => {
        for (const values of [{ delay }, { port }, { cors }]) {
          try {
            readMockArguments('Shop', values);
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
          }
        }
      }),
      { numRuns: 200 },
    );
    const origin = fc
      .tuple(
        fc.constantFrom('http', 'https', 'ftp'),
        fc.domain(),
        fc.option(fc.integer({ min: 1, max: 65_535 })),
        fc.constantFrom('', '/', '/app', '?q=1'),
      )
      .map(([scheme, host, port, rest]) => `${scheme}://${host}${port === null ? '' : `:${port}`}${rest}`);
    fc.assert(
      fc.property(origin, (url) => {
        try {
          const origins = readCorsOption(url);
          expect(origins).toEqual([new URL(url).origin]);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
        }
      }),
    );
  });
});
