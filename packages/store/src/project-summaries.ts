import { BASE_URL_VARIABLE, type ProjectListing, toProjectListing } from '@client/core';
import { PROJECT_COLUMNS, type ProjectRow, toProject } from './row-mapping.js';
import type { StoreContext } from './store-context.js';

interface SummaryRow extends ProjectRow {
  base_url: string | null;
  endpoint_count: number;
}

/*
 * One statement for the whole list: the control plane answers every `GET /agent/projects` with it, so
 * it must not cost a query per project. Both subqueries are index lookups (project_variables' unique
 * key, endpoints_by_project).
 */
const PROJECT_SUMMARIES = `
  SELECT ${PROJECT_COLUMNS},
    (SELECT value FROM project_variables WHERE project_id = projects.id AND key = ?) AS base_url,
    (SELECT count(*) FROM endpoints WHERE project_seq = projects.seq) AS endpoint_count
  FROM projects
  ORDER BY name COLLATE NOCASE, created_at, seq`;

/** Every project as the agent listing shows it: with its `base_url` and its number of endpoints. */
export function listProjectSummaries(context: StoreContext): ProjectListing[] {
  return context
    .statement<SummaryRow>(PROJECT_SUMMARIES)
    .all(BASE_URL_VARIABLE)
    .map((row) => toProjectListing(toProject(row), row.base_url, row.endpoint_count));
}
