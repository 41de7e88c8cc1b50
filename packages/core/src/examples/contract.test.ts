import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors.js';
import { MAX_CONTRACT_BYTES, readContract } from './contract.js';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isAppError(error) ? error.code : `not an AppError: ${String(error)}`;
  }
}

const contract = {
  parameters: [
    { name: 'id', in: 'path', schema: { type: 'integer' } },
    { name: 'q', in: 'query', required: true },
  ],
  requestBody: { required: true, content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }] },
  responses: [
    {
      status: '200',
      description: 'OK',
      headers: [{ name: 'X-Rate', required: true, schema: { type: 'integer' } }],
      content: [{ mediaType: 'application/json', schema: { $ref: '#/$defs/Pet' } }],
    },
    { status: '4xx', headers: [], content: [] },
    { status: 'DEFAULT', headers: [], content: [{ mediaType: 'text/plain' }] },
  ],
  defs: { Pet: { type: 'object', properties: { id: { type: 'integer' } } }, Any: true },
};

describe('readContract', () => {
  it('keeps a contract, a path parameter always required, status ranges upper-case and default lower-case', () => {
    expect(readContract(contract, 'contract')).toEqual({
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'q', in: 'query', required: true },
      ],
      requestBody: contract.requestBody,
      responses: [
        contract.responses[0],
        { status: '4XX', headers: [], content: [] },
        { status: 'default', headers: [], content: [{ mediaType: 'text/plain' }] },
      ],
      defs: contract.defs,
    });
  });

  it('reads an empty object as a contract that says nothing', () => {
    expect(readContract({}, 'contract')).toEqual({ parameters: [], responses: [], defs: {} });
  });

  it.each([
    ['a parameter in a cookie', { parameters: [{ name: 'c', in: 'cookie' }] }, /path, query or header/],
    ['a status that is none', { responses: [{ status: '600' }] }, /must be a status like 200/],
    ['a schema that is a list', { defs: { Pet: [] } }, /must be a JSON Schema/],
    ['a media type without a type', { requestBody: { content: [{ schema: true }] } }, /must be a media type/],
    ['content that is no list', { responses: [{ status: '200', content: {} }] }, /must be an array/],
  ])('refuses %s with VALIDATION', (_what, value, message) => {
    expect(() => readContract(value, 'contract')).toThrow(message);
    expect(codeOf(() => readContract(value, 'contract'))).toBe('VALIDATION');
  });

  it(`refuses a contract over ${MAX_CONTRACT_BYTES} bytes as JSON with PAYLOAD_TOO_LARGE`, () => {
    const big = { defs: { Big: { description: 'x'.repeat(MAX_CONTRACT_BYTES) } } };
    expect(codeOf(() => readContract(big, 'contract'))).toBe('PAYLOAD_TOO_LARGE');
  });

  const schema = fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 2 }), fc.constant({ type: 'string' }));
  const media = fc.oneof(
    fc.array(
      fc.record({ mediaType: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 0 })), schema }, { requiredKeys: [] }),
    ),
    fc.jsonValue({ maxDepth: 1 }),
  );
  const candidate = fc.record(
    {
      parameters: fc.oneof(
        fc.array(
          fc.record(
            {
              name: fc.oneof(fc.string(), fc.jsonValue({ maxDepth: 0 })),
              in: fc.oneof(fc.constantFrom('path', 'query', 'header', 'cookie'), fc.jsonValue({ maxDepth: 0 })),
              required: fc.jsonValue({ maxDepth: 0 }),
              schema,
            },
            { requiredKeys: [] },
          ),
        ),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      requestBody: fc.oneof(
        fc.record({ required: fc.jsonValue({ maxDepth: 0 }), content: media }, { requiredKeys: [] }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      responses: fc.oneof(
        fc.array(
          fc.record(
            {
              status: fc.oneof(
                fc.constantFrom('200', '4XX', 'default', '2xx', '99', 'x'),
                fc.jsonValue({ maxDepth: 1 }),
              ),
              description: fc.jsonValue({ maxDepth: 0 }),
              headers: fc.oneof(
                fc.array(
                  fc.record(
                    { name: fc.jsonValue({ maxDepth: 0 }), required: fc.jsonValue({ maxDepth: 0 }), schema },
                    { requiredKeys: [] },
                  ),
                ),
                fc.jsonValue({ maxDepth: 1 }),
              ),
              content: media,
            },
            { requiredKeys: [] },
          ),
        ),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      defs: fc.oneof(fc.dictionary(fc.string(), schema), fc.jsonValue({ maxDepth: 1 })),
    },
    { requiredKeys: [] },
  );

  it('ends any untrusted input in a contract it reads back the same, or a VALIDATION error', () => {
    fc.assert(
      fc.property(fc.oneof(candidate, fc.jsonValue({ maxDepth: 3 })), (value) => {
        let read: ReturnType<typeof readContract>;
        try {
          read = readContract(value, 'contract');
        } catch (error) {
          expect(isAppError(error) && ['VALIDATION', 'PAYLOAD_TOO_LARGE'].includes(error.code)).toBe(true);
          return;
        }
        expect(readContract(JSON.parse(JSON.stringify(read)), 'contract')).toEqual(read);
      }),
      { numRuns: 500 },
    );
  });
});
