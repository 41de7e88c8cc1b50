import type { CollectionFormat, PreviewFolder } from '@client/core';
import type { ImportPreviewAnswer } from '../api/types.js';
import { counted } from '../lib/format.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';

export const FORMAT_LABELS: Record<CollectionFormat, string> = {
  openapi: 'OpenAPI',
  swagger: 'Swagger 2.0',
  postman: 'Postman',
  insomnia: 'Insomnia',
  bruno: 'Bruno',
  har: 'HAR',
};

/** A sentence of what the import does to the database, as the dry run found it. */
function outcomeText({ preview, outcome }: ImportPreviewAnswer): string {
  const { created, updated } = outcome;
  if (preview.kind === 'environment') {
    const parts = [counted(created.environments, 'new environment')];
    if (updated.variables > 0) parts.push(`${counted(updated.variables, 'variable value')} replaced`);
    return `Into “${outcome.projectName}”: ${parts.join(', ')}.`;
  }
  const parts = [counted(created.endpoints, 'new endpoint')];
  if (updated.endpoints > 0) parts.push(`${updated.endpoints} updated`);
  if (created.folders > 0) parts.push(counted(created.folders, 'new folder'));
  if (created.environments > 0) parts.push(counted(created.environments, 'new environment'));
  return outcome.createdProject
    ? `Creates the project “${outcome.projectName}”: ${parts.join(', ')}.`
    : `Into “${outcome.projectName}”: ${parts.join(', ')}.`;
}

function TreeLevel({ folder }: { folder: PreviewFolder }) {
  return (
    <ul className="import-tree-level">
      {folder.folders.map((child, index) => (
        // Two folders may share a name at one level; their order is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview is rebuilt whole, never reordered
        <li key={`${child.name}-${index}`}>
          <span className="import-tree-folder">
            <Icon name="folder" size={13} /> {child.name}
            <span className="muted"> · {counted(countEndpoints(child), 'endpoint')}</span>
          </span>
          <TreeLevel folder={child} />
        </li>
      ))}
      {folder.endpoints.map((endpoint, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview is rebuilt whole, never reordered
        <li key={`${endpoint.method} ${endpoint.path} ${index}`} className="import-tree-endpoint">
          <MethodBadge method={endpoint.method} />
          <span className="import-tree-name">{endpoint.name}</span>
          <span className="import-tree-path mono">{endpoint.path}</span>
        </li>
      ))}
    </ul>
  );
}

function countEndpoints(folder: PreviewFolder): number {
  return folder.endpoints.length + folder.folders.reduce((sum, child) => sum + countEndpoints(child), 0);
}

/** What an import would create, skip and warn about, read before anything is written. */
export function ImportPreviewView({ answer }: { answer: ImportPreviewAnswer }) {
  const { preview, outcome } = answer;
  const stats: [string, number][] = [
    ['Folders', preview.counts.folders],
    ['Endpoints', preview.counts.endpoints],
    ['Environments', preview.counts.environments],
    ['Variables', preview.counts.variables],
  ];
  return (
    <section className="import-preview" aria-label="Import preview">
      <div className="import-preview-head">
        <span className="import-format">{FORMAT_LABELS[preview.format]}</span>
        <strong className="import-preview-name">{preview.name}</strong>
      </div>
      <dl className="import-stats">
        {stats.map(([label, value]) => (
          <div key={label} className="import-stat">
            <dt>{label}</dt>
            <dd data-testid={`count-${label.toLowerCase()}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="import-outcome">{outcomeText(answer)}</p>
      <dl className="import-facts">
        {/* An environment file brings neither requests nor an address of its own. */}
        {preview.kind === 'collection' && (
          <>
            <dt>Base URL</dt>
            <dd className="mono">{preview.baseUrl ?? 'none given; set base_url after the import'}</dd>
            <dt>Auth</dt>
            <dd>
              {preview.auth.length === 0
                ? 'none'
                : preview.auth.map(({ type, count }) => (
                    <span key={type} className="import-chip">
                      {type} × {count}
                    </span>
                  ))}
            </dd>
          </>
        )}
        {preview.environments.length > 0 && (
          <>
            <dt>Environments</dt>
            <dd>
              {preview.environments.map((environment) => (
                <span key={environment.name} className="import-chip">
                  {environment.name} · {counted(environment.variables, 'variable')}
                  {environment.secrets > 0 ? `, ${environment.secrets} secret` : ''}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      {outcome.skipped.length > 0 && (
        <div className="import-notes import-notes-skipped">
          <h3>Skipped ({outcome.skipped.length})</h3>
          <ul aria-label="Skipped">
            {outcome.skipped.map((skipped, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same item may be skipped for two reasons
              <li key={index}>
                <span className="mono">{skipped.item}</span> — {skipped.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome.warnings.length > 0 && (
        <div className="import-notes import-notes-warnings">
          <h3>Warnings ({outcome.warnings.length})</h3>
          <ul aria-label="Warnings">
            {outcome.warnings.map((warning, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: warnings may repeat
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.kind === 'collection' && (
        <section className="import-tree" aria-label="What the import brings">
          <TreeLevel folder={preview.tree} />
        </section>
      )}
    </section>
  );
}
