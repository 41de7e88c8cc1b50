import { describe, expect, it } from 'vitest';
import { readFormField } from './form-field.js';

describe('-F fields', () => {
  it('splits the name at the first =', () => {
    expect(readFormField('token=a=b=c', false).parts).toEqual([
      { name: 'token', content: { kind: 'text', text: 'a=b=c' } },
    ]);
  });

  it('reads a file part with its type, and several comma-separated files', () => {
    expect(readFormField('f=@a.png;type=image/png,b.txt', false).parts).toEqual([
      { name: 'f', content: { kind: 'file', path: 'a.png', asText: false }, contentType: 'image/png' },
      { name: 'f', content: { kind: 'file', path: 'b.txt', asText: false } },
    ]);
  });

  it('reads a quoted file name with escapes, commas and semicolons', () => {
    expect(readFormField('f=@"my \\"best\\", v1;2.txt";type=text/plain', false).parts).toEqual([
      { name: 'f', content: { kind: 'file', path: 'my "best", v1;2.txt', asText: false }, contentType: 'text/plain' },
    ]);
  });

  it('reads <file as a field whose text comes from a file', () => {
    expect(readFormField('story=<notes.txt', false).parts).toEqual([
      { name: 'story', content: { kind: 'file', path: 'notes.txt', asText: true } },
    ]);
  });

  it('trims an unquoted text value and ends it at ;, warning about what was dropped', () => {
    const field = readFormField('note=  hello ;world', false);
    expect(field.parts).toEqual([{ name: 'note', content: { kind: 'text', text: 'hello' } }]);
    expect(field.warnings).toEqual([expect.stringContaining("curl ends a -F value at ';'")]);
  });

  it('keeps a content type that runs on across ;, as curl reads type=text/plain; charset=utf-8', () => {
    expect(readFormField('t=x;type=text/plain; charset=utf-8', false).parts[0]?.contentType).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it('warns about ;filename=, ;headers= and ;encoder=, which are not kept', () => {
    const field = readFormField('f=@a.bin;filename=b.bin;headers="X-A: 1";encoder=base64', false);
    expect(field.parts).toEqual([{ name: 'f', content: { kind: 'file', path: 'a.bin', asText: false } }]);
    expect(field.warnings).toEqual([
      expect.stringContaining(';filename='),
      expect.stringContaining(';headers='),
      expect.stringContaining(';encoder='),
    ]);
  });

  it('takes --form-string literally', () => {
    expect(readFormField('a=@not;type=x', true).parts).toEqual([
      { name: 'a', content: { kind: 'text', text: '@not;type=x' } },
    ]);
  });

  it('refuses a field without = and a malformed type, as curl does', () => {
    expect(() => readFormField('justtext', false)).toThrow("-F justtext has no '='");
    expect(() => readFormField('f=@a;type=nosubtype', false)).toThrow('malformed ;type=');
  });

  it('skips nested multipart markers with a warning', () => {
    const field = readFormField('sub=(;type=multipart/mixed', false);
    expect(field.parts).toEqual([]);
    expect(field.warnings).toEqual([expect.stringContaining('nested multipart')]);
  });
});
