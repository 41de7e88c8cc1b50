import type { ProjectListing } from './agent-listing.js';
import { counted, formatWhen } from './listing-text.js';

/**
 * What a project's card on the projects screen says: the UI draws it, and the app fills the first screen it writes
 * into the page with the same words (first-screen-template.ts).
 */
export interface ProjectCardText {
  /** The name's first letter, upper-case, on the card's avatar. */
  initial: string;
  name: string;
  description: string;
  baseUrl: string;
  endpoints: string;
  /** When the project last changed (`updated …` on the card). */
  updated: string;
}

/** The card's words for `project`; `now` and `locale` date it (the window's clock and language by default). */
export function projectCardText(project: ProjectListing, now: Date = new Date(), locale?: string): ProjectCardText {
  return {
    initial: project.name.slice(0, 1).toUpperCase(),
    name: project.name,
    description: project.description || 'No description',
    baseUrl: project.baseUrl ?? 'no base_url yet',
    endpoints: counted(project.endpointCount, 'endpoint'),
    updated: formatWhen(project.updatedAt, now, locale),
  };
}

/** The card's slots, in the order the type lists them. */
export const PROJECT_CARD_FIELDS = [
  'initial',
  'name',
  'description',
  'baseUrl',
  'endpoints',
  'updated',
] as const satisfies readonly (keyof ProjectCardText)[];
