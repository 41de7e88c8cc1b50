import { COLLECTION_FORMATS, type CollectionFormat, type ProjectListing } from '@client/core';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.js';
import type { ImportOutcome, ImportPreviewAnswer, ImportSource, MergeMode } from '../api/types.js';
import { pickedFolderName, pickedFolderSource } from '../lib/picked-files.js';
import { Dialog } from './dialog.js';
import { FormError } from './form-error.js';
import { FORMAT_LABELS, ImportPreviewView } from './import-preview.js';

type SourceKind = 'file' | 'folder' | 'url' | 'text';

const SOURCE_KINDS: { kind: SourceKind; label: string }[] = [
  { kind: 'file', label: 'File' },
  { kind: 'folder', label: 'Bruno folder' },
  { kind: 'url', label: 'URL' },
  { kind: 'text', label: 'Paste text' },
];

const MERGE_MODES: { mode: MergeMode; label: string; hint: string }[] = [
  { mode: 'update', label: 'Update', hint: 'Replace the endpoint with the imported one' },
  { mode: 'skip', label: 'Skip', hint: 'Keep the endpoint as it is; the imported one is skipped' },
  { mode: 'duplicate', label: 'Keep both', hint: 'Add the imported one beside it' },
];

/** An environment file meets variables, not endpoints: a value is replaced or kept, never doubled. */
const VARIABLE_MERGE_MODES: typeof MERGE_MODES = [
  { mode: 'update', label: 'Update', hint: 'Replace its value with the imported one' },
  { mode: 'skip', label: 'Skip', hint: 'Keep its value; the imported one is skipped' },
];

/** A file dropped on the window, already read. */
export interface DroppedFile {
  name: string;
  text: string;
}

interface ImportCollectionDialogProps {
  projects: readonly ProjectListing[];
  /** The project to merge into at first (the open one); null starts with a new project. */
  initialProjectId: string | null;
  dropped?: DroppedFile | null;
  onImported: (outcome: ImportOutcome) => void;
  onClose: () => void;
}

/**
 * Import a collection (OpenAPI, Swagger, Postman, Insomnia, Bruno, HAR) from a file, a Bruno folder, an address
 * or pasted text: first a preview of what would be written, then one transaction into a new or an existing project.
 */
export function ImportCollectionDialog({
  projects,
  initialProjectId,
  dropped = null,
  onImported,
  onClose,
}: ImportCollectionDialogProps) {
  const [kind, setKind] = useState<SourceKind>('file');
  const [file, setFile] = useState<DroppedFile | null>(dropped);
  const [folder, setFolder] = useState<File[]>([]);
  const [url, setUrl] = useState('');
  const [text, setText] = useState('');
  const [format, setFormat] = useState<CollectionFormat | 'auto'>('auto');
  const [projectId, setProjectId] = useState(initialProjectId ?? '');
  const [onMatch, setOnMatch] = useState<MergeMode>('update');
  const [answer, setAnswer] = useState<ImportPreviewAnswer | null>(null);
  const source = useRef<ImportSource | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The dialog stays open across its steps, so it is never left busy (unlike a form that closes on success).
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // React has no prop for it; the browser then lets the person pick a folder and gives its files.
    folderInput.current?.setAttribute('webkitdirectory', '');
  });

  const ready =
    (kind === 'file' && file !== null) ||
    (kind === 'folder' && folder.length > 0) ||
    (kind === 'url' && url.trim() !== '') ||
    (kind === 'text' && text.trim() !== '');

  const readSource = async (): Promise<ImportSource> => {
    if (kind === 'file') return { kind: 'text', text: file?.text ?? '' };
    if (kind === 'folder') return pickedFolderSource(folder);
    if (kind === 'url') return { kind: 'url', url: url.trim() };
    return { kind: 'text', text };
  };

  const request = (target: string, mode: MergeMode) => ({
    source: source.current ?? { kind: 'text' as const, text: '' },
    format,
    ...(target === '' ? {} : { projectId: target, onMatch: mode }),
  });

  const preview = (target = projectId, mode = onMatch) =>
    run(async () => {
      source.current ??= await readSource();
      setAnswer(await api.previewImport(request(target, mode)));
    });

  const apply = () =>
    run(async () => {
      onImported(await api.importCollection(request(projectId, onMatch)));
    });

  const sameName =
    answer === null
      ? undefined
      : projects.find((project) => project.name.toLowerCase() === answer.preview.name.toLowerCase());

  return (
    <Dialog
      title="Import a collection"
      subtitle="OpenAPI or Swagger, Postman (a collection or an environment), Insomnia, Bruno or HAR. You see what it brings before anything is saved."
      width="wide"
      onClose={onClose}
      footer={
        answer === null ? (
          <>
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={!ready || busy}
              onClick={() => {
                source.current = null;
                void preview();
              }}
            >
              {busy ? 'Reading…' : 'Preview'}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={() => setAnswer(null)}>
              Back
            </button>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void apply()}>
              {busy ? 'Importing…' : projectId === '' ? 'Import as a new project' : 'Import into the project'}
            </button>
          </>
        )
      }
    >
      {answer === null ? (
        <div className="form">
          <div className="segmented" role="radiogroup" aria-label="Import from">
            {SOURCE_KINDS.map((option) => (
              // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
              <button
                type="button"
                role="radio"
                aria-checked={kind === option.kind}
                key={option.kind}
                className={kind === option.kind ? 'segment segment-active' : 'segment'}
                onClick={() => setKind(option.kind)}
              >
                {option.label}
              </button>
            ))}
          </div>
          {kind === 'file' && (
            <label className="file-drop">
              <input
                className="visually-hidden"
                type="file"
                aria-label="Collection file"
                accept=".json,.yaml,.yml,.har,application/json,application/yaml"
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  if (picked !== undefined)
                    void picked.text().then((content) => setFile({ name: picked.name, text: content }));
                }}
              />
              <strong>{file === null ? 'Choose a file' : file.name}</strong>
              <span className="muted">
                {file === null
                  ? 'or drop it anywhere on the window: .json, .yaml or .har'
                  : `${Math.max(1, Math.round(file.text.length / 1024))} KB read · choose another`}
              </span>
            </label>
          )}
          {kind === 'folder' && (
            <label className="file-drop">
              <input
                ref={folderInput}
                className="visually-hidden"
                type="file"
                multiple
                aria-label="Bruno collection folder"
                onChange={(event) => setFolder([...(event.target.files ?? [])])}
              />
              <strong>{folder.length === 0 ? 'Choose a Bruno collection folder' : pickedFolderName(folder)}</strong>
              <span className="muted">
                {folder.length === 0 ? 'The folder that holds bruno.json' : `${folder.length} files picked`}
              </span>
            </label>
          )}
          {kind === 'url' && (
            <label className="field">
              <span className="field-label">Address of the collection</span>
              <input
                className="input mono"
                aria-label="Collection URL"
                placeholder="https://api.example.com/openapi.json"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
              <span className="field-hint">Fetched by the app, http or https, up to 64 MiB.</span>
            </label>
          )}
          {kind === 'text' && (
            <label className="field">
              <span className="field-label">Collection or specification</span>
              <textarea
                className="code-input code-input-short"
                aria-label="Collection text"
                spellCheck={false}
                placeholder="Paste OpenAPI (JSON or YAML), a Postman collection or environment, an Insomnia export or a HAR file"
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            </label>
          )}
          <div className="form-row">
            <label className="field">
              <span className="field-label">Format</span>
              <select
                className="select"
                aria-label="Format"
                value={format}
                onChange={(event) => setFormat(event.target.value as CollectionFormat | 'auto')}
              >
                <option value="auto">Detect it</option>
                {COLLECTION_FORMATS.map((name) => (
                  <option key={name} value={name}>
                    {FORMAT_LABELS[name]}
                  </option>
                ))}
              </select>
            </label>
            <DestinationField projects={projects} projectId={projectId} onChange={setProjectId} />
          </div>
          {projectId !== '' && <MergeModes value={onMatch} onChange={setOnMatch} />}
          <FormError message={error} />
        </div>
      ) : (
        <div className="form">
          <div className="form-row">
            <DestinationField
              projects={projects}
              projectId={projectId}
              onChange={(next) => {
                setProjectId(next);
                void preview(next, onMatch);
              }}
            />
            {sameName !== undefined && projectId !== sameName.projectId && (
              <p className="field-hint import-same-name">
                A project named “{sameName.name}” exists.{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setProjectId(sameName.projectId);
                    void preview(sameName.projectId, onMatch);
                  }}
                >
                  Merge into it
                </button>
              </p>
            )}
          </div>
          {projectId !== '' && (
            <MergeModes
              variables={answer.preview.kind === 'environment'}
              value={onMatch}
              onChange={(mode) => {
                setOnMatch(mode);
                void preview(projectId, mode);
              }}
            />
          )}
          <ImportPreviewView answer={answer} />
          <FormError message={error} />
        </div>
      )}
    </Dialog>
  );
}

function DestinationField({
  projects,
  projectId,
  onChange,
}: {
  projects: readonly ProjectListing[];
  projectId: string;
  onChange: (projectId: string) => void;
}) {
  return (
    <label className="field">
      <span className="field-label">Import into</span>
      <select
        className="select"
        aria-label="Import into"
        value={projectId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">A new project</option>
        {projects.map((project) => (
          <option key={project.projectId} value={project.projectId}>
            {project.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function MergeModes({
  value,
  onChange,
  variables = false,
}: {
  value: MergeMode;
  onChange: (mode: MergeMode) => void;
  /** Whether what may exist already is an environment's variable rather than an endpoint. */
  variables?: boolean;
}) {
  const modes = variables ? VARIABLE_MERGE_MODES : MERGE_MODES;
  return (
    <div className="field">
      <span className="field-label">
        {variables ? 'A variable of the same name exists' : 'An endpoint with the same method and path exists'}
      </span>
      <div
        className="segmented"
        role="radiogroup"
        aria-label={variables ? 'When the variable exists' : 'When the method and path exist'}
      >
        {modes.map((option) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
          <button
            type="button"
            role="radio"
            aria-checked={value === option.mode}
            key={option.mode}
            title={option.hint}
            className={value === option.mode ? 'segment segment-active' : 'segment'}
            onClick={() => onChange(option.mode)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <span className="field-hint">{(modes.find((option) => option.mode === value) ?? modes[0])?.hint}.</span>
    </div>
  );
}
