import { describe, expect, it } from 'vitest';
import { renderPath, renderText } from './template-tokens.js';

const values = { __groupId__: 'com.acme', __artifactId__: 'shop', __version__: '2.0.0', __package__: 'com.acme.shop' };

describe('template tokens', () => {
  it('replaces every known token', () => {
    expect(renderText("import '@__groupId__/__artifactId__-domain'; // __version__ __package__", values)).toBe(
      "import '@com.acme/shop-domain'; // 2.0.0 com.acme.shop",
    );
  });

  it('leaves other double-underscore names alone', () => {
    const code = "if (key === '__proto__' || __dirname || __filename || __artifactid__) {}";
    expect(renderText(code, values)).toBe(code);
  });

  it('renders folder names and restores dot files stored under another name', () => {
    expect(renderPath('__artifactId__-start/config/application.yaml', values)).toBe(
      'shop-start/config/application.yaml',
    );
    expect(renderPath('_gitignore', values)).toBe('.gitignore');
  });
});
