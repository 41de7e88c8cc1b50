import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProjectListing } from '../listing/agent-listing.js';
import { PROJECT_CARD_FIELDS } from '../listing/project-card-text.js';
import {
  CARDS_SLOT,
  type FirstScreenTemplate,
  fillFirstScreen,
  readFirstScreenTemplate,
  slotMark,
  THEMES,
  toSlotted,
} from './first-screen-template.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');

function project(extra: Partial<ProjectListing> = {}): ProjectListing {
  return {
    projectId: '6f1c1d2e-8a51-4f43-9b7e-3d0f4a2c9e11',
    name: 'Shop',
    description: 'Orders and carts',
    baseUrl: 'https://shop.test',
    endpointCount: 2,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-02T11:58:00.000Z',
    ...extra,
  };
}

/** A template as a build makes one: markup drawn with slot marks in it, split at them. */
const card = toSlotted(
  `<li title="${slotMark('name')}"><b>${slotMark('initial')}</b>${PROJECT_CARD_FIELDS.map(
    (field) => `<span>${slotMark(field)}</span>`,
  ).join('')}</li>`,
);
const TEMPLATE: FirstScreenTemplate = {
  screens: {
    system: { empty: '<div class="app">welcome</div>', listed: toSlotted(`<ul>${slotMark(CARDS_SLOT)}</ul>`) },
    light: { empty: 'light', listed: toSlotted(`<ul class="light">${slotMark(CARDS_SLOT)}</ul>`) },
    dark: { empty: 'dark', listed: toSlotted(`<ul class="dark">${slotMark(CARDS_SLOT)}</ul>`) },
  },
  card,
};

describe('the first screen template', () => {
  it('is markup and slot names in turn, made from markup drawn with slot marks', () => {
    expect(toSlotted(`<p>${slotMark('name')} and ${slotMark('initial')}</p>`)).toEqual([
      '<p>',
      'name',
      ' and ',
      'initial',
      '</p>',
    ]);
    expect(toSlotted('<p>no slot</p>')).toEqual(['<p>no slot</p>']);
  });

  it("draws each project's card into the listed screen of the theme, or the welcome when there is none", () => {
    const listed = fillFirstScreen(TEMPLATE, [project(), project({ name: 'api', baseUrl: null })], 'dark', NOW, 'en');
    expect(listed).toBe(
      '<ul class="dark">' +
        '<li title="Shop"><b>S</b><span>S</span><span>Shop</span><span>Orders and carts</span>' +
        '<span>https://shop.test</span><span>2 endpoints</span><span>2 min ago</span></li>' +
        '<li title="api"><b>A</b><span>A</span><span>api</span><span>Orders and carts</span>' +
        '<span>no base_url yet</span><span>2 endpoints</span><span>2 min ago</span></li></ul>',
    );
    expect(fillFirstScreen(TEMPLATE, [], 'system', NOW, undefined)).toBe('<div class="app">welcome</div>');
  });

  it('escapes every value as React does, in text and in attributes', () => {
    const filled = fillFirstScreen(TEMPLATE, [project({ name: `<b>"x" & 'y'</b>` })], 'light', NOW, undefined);
    expect(filled).toContain('<li title="&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;&lt;/b&gt;">');
    expect(filled).toContain('<span>&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;&lt;/b&gt;</span>');
  });

  it('keeps any text out of the markup: only the template writes tags and quotes', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const tags = (markup: string) => markup.match(/[<>"']/g)?.length ?? 0;
    const plain = tags(fillFirstScreen(TEMPLATE, [project({ name: 'a', description: 'b' })], 'dark', NOW, undefined));
    fc.assert(
      fc.property(text, text, fc.option(text, { nil: null }), (name, description, baseUrl) => {
        const filled = fillFirstScreen(TEMPLATE, [project({ name, description, baseUrl })], 'dark', NOW, undefined);
        expect(tags(filled)).toBe(plain);
      }),
    );
  });

  it('is read from JSON only when it has every theme and a card with known slots', () => {
    const json = JSON.parse(JSON.stringify(TEMPLATE));
    expect(readFirstScreenTemplate(json)).toEqual(TEMPLATE);
    const broken = [
      null,
      'text',
      { screens: json.screens },
      { ...json, card: ['<li>', 'unknown', '</li>'] },
      { ...json, card: ['<li>', 'name'] },
      { ...json, screens: { ...json.screens, dark: undefined } },
      { ...json, screens: { ...json.screens, light: { empty: 1, listed: json.screens.light.listed } } },
      { ...json, screens: { ...json.screens, system: { empty: '', listed: ['<ul>', 'name', '</ul>'] } } },
      { ...json, screens: { ...json.screens, system: { empty: '', listed: ['<ul></ul>'] } } },
    ];
    for (const value of broken) expect(readFirstScreenTemplate(value)).toBeNull();
    expect(THEMES).toEqual(['system', 'light', 'dark']);
  });
});
