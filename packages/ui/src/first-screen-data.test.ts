import { afterEach, describe, expect, it } from 'vitest';
import { readFirstScreenData } from './first-screen-data.js';

const project = {
  projectId: 'p1',
  name: 'Shop </script>',
  description: '',
  baseUrl: null,
  endpointCount: 0,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
};

function pageWith(text: string): void {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'first-screen';
  data.textContent = text;
  document.body.append(data);
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the first-screen data the page came with', () => {
  it('is read as the app wrote it', () => {
    pageWith(JSON.stringify({ projects: [project], theme: 'dark' }).replace(/</g, '\\u003c'));
    expect(readFirstScreenData()).toEqual({ projects: [project], theme: 'dark' });
  });

  it('is none when the page has none, or none that can be read', () => {
    expect(readFirstScreenData()).toBeNull();
    pageWith('{"projects": [');
    expect(readFirstScreenData()).toBeNull();
    document.body.replaceChildren();
    pageWith('{"theme": "dark"}');
    expect(readFirstScreenData()).toBeNull();
  });
});
