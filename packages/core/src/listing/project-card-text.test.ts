import { describe, expect, it } from 'vitest';
import type { ProjectListing } from './agent-listing.js';
import { projectCardText } from './project-card-text.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

function project(extra: Partial<ProjectListing> = {}): ProjectListing {
  return {
    projectId: '6f1c1d2e-8a51-4f43-9b7e-3d0f4a2c9e11',
    name: 'shop',
    description: 'Orders and carts',
    baseUrl: 'https://shop.test',
    endpointCount: 2,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T11:58:00.000Z',
    ...extra,
  };
}

describe("a project card's words", () => {
  it('name the project, its initial, description, base URL, endpoints and last change', () => {
    expect(projectCardText(project(), NOW, 'en-US')).toEqual({
      initial: 'S',
      name: 'shop',
      description: 'Orders and carts',
      baseUrl: 'https://shop.test',
      endpoints: '2 endpoints',
      updated: '2 min ago',
    });
  });

  it('say so when there is no description or base URL yet, and count one endpoint as one', () => {
    const text = projectCardText(project({ description: '', baseUrl: null, endpointCount: 1 }), NOW, undefined);
    expect(text).toMatchObject({ description: 'No description', baseUrl: 'no base_url yet', endpoints: '1 endpoint' });
  });

  it('date a project older than a day in the window language, the runtime one for a language that is not a tag', () => {
    const old = project({ updatedAt: '2026-01-05T10:00:00.000Z' });
    expect(projectCardText(old, NOW, 'en-US').updated).toBe('1/5/2026');
    expect(projectCardText(old, NOW, 'de-DE').updated).toBe('5.1.2026');
    expect(projectCardText(old, NOW, 'not a tag!').updated).toBe(new Date(old.updatedAt).toLocaleDateString());
  });
});
