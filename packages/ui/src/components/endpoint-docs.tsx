/** What an endpoint is for, editable; Markdown is kept as written, so an export gives it back unchanged. */
export function EndpointDocs(props: { description: string; onChange: (description: string) => void }) {
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
    </div>
  );
}
