import type { McpCatalog, McpPromptView } from '@client/core';
import { useState } from 'react';
import type { McpCallRequest } from '../api/mcp-api.js';
import { McpToolForm } from './mcp-tool-form.js';

export type CatalogKind = 'tools' | 'resources' | 'prompts';

export const CATALOG_LABELS: Record<CatalogKind, string> = {
  tools: 'Tools',
  resources: 'Resources',
  prompts: 'Prompts',
};

/** How many items of a kind the server offers (resource templates count as resources). */
export function catalogCount(catalog: McpCatalog, kind: CatalogKind): number {
  if (kind === 'resources') return catalog.resources.length + catalog.resourceTemplates.length;
  return catalog[kind].length;
}

interface McpCatalogProps {
  catalog: McpCatalog;
  kind: CatalogKind;
  busy: boolean;
  onCall: (request: McpCallRequest, what: string) => void;
}

/** A list of named items, one selected; its detail shows beside it. */
function ItemList({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: { key: string; name: string; description?: string | undefined }[];
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <ul className="mcp-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className={item.key === selected ? 'mcp-item mcp-item-selected' : 'mcp-item'}
            aria-pressed={item.key === selected}
            onClick={() => onSelect(item.key)}
          >
            <span className="mcp-item-name mono">{item.name}</span>
            {item.description !== undefined && <span className="mcp-item-description">{item.description}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

function PromptForm({
  prompt,
  busy,
  onCall,
}: { prompt: McpPromptView; busy: boolean } & Pick<McpCatalogProps, 'onCall'>) {
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form
      className="mcp-form"
      aria-label={`Arguments of ${prompt.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
        onCall({ method: 'prompts/get', name: prompt.name, arguments: args }, `prompt ${prompt.name}`);
      }}
    >
      {prompt.arguments.length === 0 && <p className="muted">This prompt takes no arguments.</p>}
      {prompt.arguments.map((argument) => (
        <label key={argument.name} className="field">
          <span className="field-label">
            {argument.name}
            {argument.required === true && <span className="mcp-required"> (required)</span>}
          </span>
          <input
            className="input"
            value={values[argument.name] ?? ''}
            onChange={(event) => setValues((current) => ({ ...current, [argument.name]: event.target.value }))}
          />
          {argument.description !== undefined && <span className="field-hint">{argument.description}</span>}
        </label>
      ))}
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Get prompt
        </button>
      </div>
    </form>
  );
}

function ResourceReader({
  busy,
  onCall,
  initial,
}: { busy: boolean; initial: string } & Pick<McpCatalogProps, 'onCall'>) {
  const [uri, setUri] = useState(initial);
  return (
    <form
      className="mcp-form"
      aria-label="Read a resource"
      onSubmit={(event) => {
        event.preventDefault();
        onCall({ method: 'resources/read', uri }, `resource ${uri}`);
      }}
    >
      <label className="field">
        <span className="field-label">Resource URI</span>
        <input className="input mono" value={uri} onChange={(event) => setUri(event.target.value)} />
      </label>
      <div>
        <button type="submit" className="button button-primary" disabled={busy || uri.trim() === ''}>
          Read resource
        </button>
      </div>
    </form>
  );
}

/** One kind of what the server offers, with the selected item's form: call a tool, read a resource, get a prompt. */
export function McpCatalogView({ catalog, kind, busy, onCall }: McpCatalogProps) {
  const resourceItems = [
    ...catalog.resources.map((r) => ({ key: r.uri, name: r.name, description: r.description ?? r.uri })),
    ...catalog.resourceTemplates.map((t) => ({ key: t.uriTemplate, name: t.name, description: t.uriTemplate })),
  ];
  const items =
    kind === 'tools'
      ? catalog.tools.map((t) => ({ key: t.name, name: t.title ?? t.name, description: t.description }))
      : kind === 'prompts'
        ? catalog.prompts.map((p) => ({ key: p.name, name: p.title ?? p.name, description: p.description }))
        : resourceItems;
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = items.some((item) => item.key === chosen) ? chosen : (items[0]?.key ?? null);
  if (items.length === 0) return <p className="muted mcp-none">The server offers no {kind}.</p>;
  const tool = kind === 'tools' ? catalog.tools.find((t) => t.name === selected) : undefined;
  const prompt = kind === 'prompts' ? catalog.prompts.find((p) => p.name === selected) : undefined;
  return (
    <div className="mcp-catalog">
      <ItemList label={CATALOG_LABELS[kind]} items={items} selected={selected} onSelect={setChosen} />
      <div className="mcp-detail">
        {tool !== undefined && (
          <McpToolForm
            key={tool.name}
            tool={tool}
            busy={busy}
            onCall={(args) => onCall({ method: 'tools/call', name: tool.name, arguments: args }, `tool ${tool.name}`)}
          />
        )}
        {prompt !== undefined && <PromptForm key={prompt.name} prompt={prompt} busy={busy} onCall={onCall} />}
        {kind === 'resources' && selected !== null && (
          <ResourceReader key={selected} initial={selected} busy={busy} onCall={onCall} />
        )}
      </div>
    </div>
  );
}
