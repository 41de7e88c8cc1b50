import type { HistoryEntry } from '@client/core';
import { invalid } from '../field-validation.js';
import { newId, now } from '../ids.js';
import { notFound, requireProject } from '../not-found.js';
import { HISTORY_COLUMNS, type HistoryRow, toHistoryEntry } from '../row-mapping.js';
import type { StoreContext } from '../store-context.js';

/** How many entries each project keeps unless the store is opened with another limit. */
export const DEFAULT_HISTORY_LIMIT = 200;

/** A request that was sent; `sentAt` defaults to now, and `id` to a new one (a sender may have told it already). */
export type NewHistoryEntry = Omit<HistoryEntry, 'id' | 'sentAt'> & { id?: string; sentAt?: string };

export interface HistoryQuery {
  /** Only this project's entries; null for requests sent outside any project; absent for all. */
  projectId?: string | null;
  /** At most this many, newest first; defaults to the per-project limit. */
  limit?: number;
}

function checkEntry(entry: NewHistoryEntry): void {
  if (!Number.isFinite(entry.durationMs) || entry.durationMs < 0) {
    throw invalid('durationMs must be a number of milliseconds, 0 or more');
  }
  if (!Number.isSafeInteger(entry.responseSize) || entry.responseSize < 0) {
    throw invalid('responseSize must be a whole number of bytes, 0 or more');
  }
  if (entry.status !== null && !Number.isSafeInteger(entry.status)) throw invalid('status must be an integer or null');
}

/** Requests sent from the app, newest first; each project keeps only its newest `limit` entries. */
export class HistoryRepository {
  constructor(
    private readonly context: StoreContext,
    private readonly limit: number,
  ) {}

  add(input: NewHistoryEntry): HistoryEntry {
    checkEntry(input);
    const entry: HistoryEntry = {
      id: input.id ?? newId(),
      projectId: input.projectId,
      endpointId: input.endpointId,
      method: input.method,
      url: input.url,
      requestHeaders: input.requestHeaders,
      requestBody: input.requestBody,
      status: input.status,
      error: input.error,
      durationMs: input.durationMs,
      responseSize: input.responseSize,
      responseHeaders: input.responseHeaders,
      responseBody: input.responseBody,
      ...(input.responseCut === undefined ? {} : { responseCut: input.responseCut }),
      sentBy: input.sentBy ?? 'person',
      sentAt: input.sentAt ?? now(),
    };
    return this.context.write(() => {
      if (entry.projectId !== null) requireProject(this.context, entry.projectId);
      if (entry.endpointId !== null) this.checkEndpoint(entry.endpointId, entry.projectId);
      this.context
        .statement(
          `INSERT INTO history (${HISTORY_COLUMNS}) VALUES (@id, @projectId, @endpointId, @method, @url,
           @requestHeaders, @requestBody, @status, @error, @durationMs, @responseSize, @responseHeaders,
           @responseBody, @responseCut, @sentBy, @sentAt)`,
        )
        .run({
          ...entry,
          requestHeaders: JSON.stringify(entry.requestHeaders),
          responseHeaders: JSON.stringify(entry.responseHeaders),
          responseCut: entry.responseCut === undefined ? null : Number(entry.responseCut),
        });
      this.context
        .statement(
          `DELETE FROM history WHERE seq IN (
             SELECT seq FROM history WHERE project_id IS @projectId
             ORDER BY sent_at DESC, seq DESC LIMIT -1 OFFSET @keep)`,
        )
        .run({ projectId: entry.projectId, keep: this.limit });
      return entry;
    });
  }

  list(query: HistoryQuery = {}): HistoryEntry[] {
    const limit = query.limit ?? this.limit;
    if (!Number.isSafeInteger(limit) || limit < 1) throw invalid('limit must be a whole number, 1 or more');
    const rows =
      query.projectId === undefined
        ? this.context
            .statement<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM history ORDER BY sent_at DESC, seq DESC LIMIT ?`)
            .all(limit)
        : this.context
            .statement<HistoryRow>(
              `SELECT ${HISTORY_COLUMNS} FROM history WHERE project_id IS ? ORDER BY sent_at DESC, seq DESC LIMIT ?`,
            )
            .all(query.projectId, limit);
    return rows.map(toHistoryEntry);
  }

  get(id: string): HistoryEntry | undefined {
    const row = this.context.statement<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM history WHERE id = ?`).get(id);
    return row === undefined ? undefined : toHistoryEntry(row);
  }

  delete(id: string): void {
    const { changes } = this.context.statement('DELETE FROM history WHERE id = ?').run(id);
    if (changes === 0) throw notFound('history entry', id);
  }

  /** Deletes the project's entries (null: those sent outside any project; absent: all) and says how many. */
  clear(projectId?: string | null): number {
    const result =
      projectId === undefined
        ? this.context.statement('DELETE FROM history').run()
        : this.context.statement('DELETE FROM history WHERE project_id IS ?').run(projectId);
    return result.changes;
  }

  private checkEndpoint(endpointId: string, projectId: string | null): void {
    const endpoint = this.context
      .statement<{ project_id: string }>(
        'SELECT p.id AS project_id FROM endpoints AS e JOIN projects AS p ON p.seq = e.project_seq WHERE e.id = ?',
      )
      .get(endpointId);
    if (endpoint === undefined) throw notFound('endpoint', endpointId);
    if (endpoint.project_id !== projectId) {
      throw invalid(`endpoint ${endpointId} belongs to project ${endpoint.project_id}, not ${projectId ?? 'none'}`);
    }
  }
}
