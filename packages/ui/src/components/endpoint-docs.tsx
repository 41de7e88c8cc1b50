import type { EndpointScripts } from '@client/core';

const SCRIPT_PARTS = [
  ['preRequest', 'Pre-request'],
  ['postResponse', 'Post-response'],
  ['tests', 'Tests'],
] as const;

const CLIENT_NAMES: Record<EndpointScripts['from'], string> = {
  postman: 'Postman',
  bruno: 'Bruno',
  insomnia: 'Insomnia',
};

/**
 * What an endpoint is for, editable, and the scripts it runs around its request, shown as written: an imported
 * collection's scripts run as they did in the client they came from (an export to Postman gives them back).
 */
export function EndpointDocs(props: {
  description: string;
  scripts: EndpointScripts | undefined;
  onChange: (description: string) => void;
}) {
  const { scripts } = props;
  return (
    <div className="endpoint-docs">
      <div className="code-area">
        <textarea
          className="code-input endpoint-description"
          aria-label="Description"
          placeholder="What this endpoint does, when to call it, what it answers (Markdown is kept as written)."
          value={props.description}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </div>
      {scripts !== undefined && (
        <section className="endpoint-scripts" aria-label="Scripts">
          <p className="field-hint">
            Scripts written for {CLIENT_NAMES[scripts.from]}: they run before the request and after its response, in a
            sandbox, as they did there. Export as Postman v2.1 to take them back.
          </p>
          {SCRIPT_PARTS.filter(([part]) => scripts[part].trim() !== '').map(([part, label]) => (
            <figure key={part} className="endpoint-script">
              <figcaption className="field-label">{label}</figcaption>
              <pre>{scripts[part]}</pre>
            </figure>
          ))}
        </section>
      )}
    </div>
  );
}
