import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeholder, resolveTemplate, templateNames, tokenizeTemplate } from './template.js';

const values = new Map([
  ['base_url', 'https://api.example.com'],
  ['userId', '7'],
  ['users', '{{base_url}}/users'],
]);
const lookup = (name: string) => values.get(name);

describe('resolveTemplate', () => {
  it('replaces known placeholders, spaces inside the braces allowed, and keeps unknown ones as typed', () => {
    expect(resolveTemplate('{{ base_url }}/u/{{userId}}?x={{ missing }}', lookup)).toBe(
      'https://api.example.com/u/7?x={{ missing }}',
    );
  });

  it('follows a value that names another variable', () => {
    expect(resolveTemplate('{{users}}/{{userId}}', lookup)).toBe('https://api.example.com/users/7');
  });

  it('keeps the placeholder of a name the lookup withholds, also when another value names it', () => {
    const withholding = (name: string) => (name === 'token' ? undefined : name === 'auth' ? 'Bearer {{token}}' : name);
    expect(resolveTemplate('{{auth}}', withholding)).toBe('Bearer {{token}}');
  });

  it('stops on variables that name each other instead of looping', () => {
    const cycle = new Map([
      ['a', '{{b}}'],
      ['b', '{{a}}'],
    ]);
    expect(['{{a}}', '{{b}}']).toContain(resolveTemplate('{{a}}', (name) => cycle.get(name)));
  });

  it('leaves any text unchanged when no name has a value', () => {
    fc.assert(fc.property(fc.string(), (text) => resolveTemplate(text, () => undefined) === text));
  });
});

describe('templateNames', () => {
  it('names each variable once, in the order of first use', () => {
    expect(templateNames('{{a}}/{{userId}}/{{a}}/{{ b }}/{{not a name}}')).toEqual(['a', 'userId', 'b']);
  });
});

describe('tokenizeTemplate', () => {
  it('splits text into literal runs and placeholders, each with the name it holds', () => {
    expect(tokenizeTemplate('/users/{{userId}}?t={{ token }}')).toEqual([
      { kind: 'text', text: '/users/' },
      { kind: 'variable', text: '{{userId}}', name: 'userId' },
      { kind: 'text', text: '?t=' },
      { kind: 'variable', text: '{{ token }}', name: 'token' },
    ]);
  });

  it('gives back tokens that join to the text, whatever the text', () => {
    const text = fc.array(fc.oneof(fc.string(), fc.constantFrom('{{', '}}', '{{x}}', '{{ y.z }}', '{')), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (pieces) => {
        const joined = pieces.join('');
        const tokens = tokenizeTemplate(joined);
        return tokens.map((token) => token.text).join('') === joined;
      }),
    );
  });
});

describe('placeholder', () => {
  it('writes the placeholder that resolves to the variable', () => {
    expect(resolveTemplate(placeholder('base_url'), lookup)).toBe('https://api.example.com');
  });
});
