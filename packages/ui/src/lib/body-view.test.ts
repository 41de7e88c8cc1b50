import { describe, expect, it } from 'vitest';
import { bodyLanguage, prettyText, prettyXml } from './body-view.js';

describe('body view', () => {
  it('tells JSON, XML, HTML and text apart by type, else by their start', () => {
    expect(bodyLanguage('x', 'application/problem+json')).toBe('json');
    expect(bodyLanguage('x', 'application/atom+xml')).toBe('xml');
    expect(bodyLanguage('x', 'text/html; charset=utf-8')).toBe('html');
    expect(bodyLanguage(' [1]', null)).toBe('json');
    expect(bodyLanguage('<!DOCTYPE html><p>', 'text/plain')).toBe('html');
    expect(bodyLanguage('hello', null)).toBe('text');
    expect(bodyLanguage('{', 'text/csv')).toBe('text');
  });

  it('indents valid JSON and leaves invalid JSON as it came', () => {
    expect(prettyText('{"a":[1,2]}', 'json')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyText('{"a":', 'json')).toBe('{"a":');
    // A number a double cannot hold is shown as the server sent it.
    expect(prettyText('{"id":12345678901234567890}', 'json')).toBe('{\n  "id": 12345678901234567890\n}');
  });

  it('puts each XML element on a line of its own, indented by depth', () => {
    expect(prettyXml('<?xml version="1.0"?><a><b x="1">hi</b><c/><!-- n --></a>')).toBe(
      '<?xml version="1.0"?>\n<a>\n  <b x="1">\n    hi\n  </b>\n  <c/>\n  <!-- n -->\n</a>',
    );
  });
});
