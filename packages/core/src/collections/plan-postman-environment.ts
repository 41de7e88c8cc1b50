import { keptEnabled } from '../request/enabled-rows.js';
import type { ImportPlan, PlannedVariable } from './import-plan.js';
import { field, isRecord, listOf, textOf, textOr } from './plain-data.js';
import { PlanBuilder } from './plan-builder.js';

/** A Postman environment (or globals) export: a name and `values`, marked by `_postman_variable_scope`. */
export function isPostmanEnvironment(document: unknown): boolean {
  if (!isRecord(document)) return false;
  const scope = document._postman_variable_scope;
  if (scope === 'environment' || scope === 'globals') return true;
  return (
    scope === undefined && Array.isArray(document.values) && typeof document.name === 'string' && !('item' in document)
  );
}

/**
 * A Postman environment file as one environment of a project: its values become variables (a disabled one
 * switched off), and those
 * Postman types `secret` become secret variables (encrypted when they are written).
 */
export function planPostmanEnvironment(document: unknown): ImportPlan {
  const name = textOr(field(document, 'name'), 'Postman environment');
  const plan = new PlanBuilder('postman', name);
  plan.kind = 'environment';
  const variables: PlannedVariable[] = [];
  for (const entry of listOf(field(document, 'values'))) {
    const key = textOf(field(entry, 'key'));
    if (key === undefined || key.trim() === '') continue;
    variables.push({
      key,
      value: textOr(field(entry, 'value'), ''),
      secret: field(entry, 'type') === 'secret',
      ...keptEnabled(field(entry, 'enabled') !== false),
    });
  }
  plan.environment({ name, variables });
  return plan.build();
}
