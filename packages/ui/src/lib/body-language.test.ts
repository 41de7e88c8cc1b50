import { describe, expect, it } from 'vitest';
import { contentTypeOf, textLanguageOf, withContentType } from './body-language.js';

describe('textLanguageOf', () => {
  it('reads XML and GraphQL from the media type, parameters and structured suffixes included', () => {
    expect(textLanguageOf('application/xml')).toBe('xml');
    expect(textLanguageOf('text/xml; charset=utf-8')).toBe('xml');
    expect(textLanguageOf('application/soap+xml')).toBe('xml');
    expect(textLanguageOf('application/graphql')).toBe('graphql');
    expect(textLanguageOf('Application/GraphQL')).toBe('graphql');
  });

  it('takes anything else, or no header, for plain text', () => {
    expect(textLanguageOf(undefined)).toBe('text');
    expect(textLanguageOf('text/csv')).toBe('text');
    expect(textLanguageOf('application/xml-dtd')).toBe('text');
  });
});

describe('contentTypeOf and withContentType', () => {
  const headers = [
    { key: 'Accept', value: '*/*' },
    { key: 'content-type', value: 'text/plain' },
  ];

  it('finds the header whatever its case', () => {
    expect(contentTypeOf(headers)).toBe('text/plain');
    expect(contentTypeOf([{ key: 'Accept', value: '*/*' }])).toBeUndefined();
  });

  it('changes the existing header in place, keeping its spelling, or adds one', () => {
    expect(withContentType(headers, 'application/xml')).toEqual([
      { key: 'Accept', value: '*/*' },
      { key: 'content-type', value: 'application/xml' },
    ]);
    expect(withContentType([], 'application/graphql')).toEqual([{ key: 'Content-Type', value: 'application/graphql' }]);
  });
});
