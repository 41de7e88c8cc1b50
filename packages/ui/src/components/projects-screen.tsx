import { type ProjectListing, projectCardText } from '@client/core';
import { useState } from 'react';
import { api } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import type { CollectionActions } from '../lib/collection-actions.js';
import { counted } from '../lib/format.js';
import { ConfirmDialog, Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';
import { Icon } from './icons.js';
import { LinkFolderDialog } from './link-folder-dialog.js';
import { ProjectCard } from './project-card.js';
import { useToasts } from './toasts.js';

interface ProjectsScreenProps {
  projects: readonly ProjectListing[] | null;
  onOpen: (projectId: string) => void;
  onChanged: () => Promise<void>;
  collections: CollectionActions;
}

type ProjectDialog =
  | { kind: 'create' }
  | { kind: 'open-folder' }
  | { kind: 'rename'; project: ProjectListing }
  | { kind: 'delete'; project: ProjectListing }
  | null;

export function ProjectsScreen({ projects, onOpen, onChanged, collections }: ProjectsScreenProps) {
  const [dialog, setDialog] = useState<ProjectDialog>(null);
  const [busy, setBusy] = useState(false);
  const toasts = useToasts();

  const createSample = async () => {
    setBusy(true);
    try {
      const project = await api.createSampleProject();
      await onChanged();
      onOpen(project.id);
    } catch (caught) {
      toasts.show('Could not create the sample project', { tone: 'error', detail: (caught as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="projects-screen">
      <header className="projects-header">
        <div>
          <h1>Projects</h1>
          <p className="muted">Each project holds endpoints, variables and environments.</p>
        </div>
        <div className="projects-actions">
          {projects !== null && projects.length > 0 && (
            <button type="button" className="button" onClick={collections.backup}>
              Back up
            </button>
          )}
          <button type="button" className="button" onClick={collections.restore}>
            Restore
          </button>
          <button type="button" className="button" onClick={() => collections.importInto(null)}>
            <Icon name="download" size={14} /> Import
          </button>
          <button type="button" className="button" onClick={() => setDialog({ kind: 'open-folder' })}>
            <Icon name="folder-open" size={14} /> Open folder…
          </button>
          <button type="button" className="button" onClick={() => void createSample()} disabled={busy}>
            <Icon name="sparkle" size={14} /> Sample project
          </button>
          <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'create' })}>
            <Icon name="plus" size={14} /> New project
          </button>
        </div>
      </header>
      {projects === null ? (
        <p className="muted">Loading…</p>
      ) : projects.length === 0 ? (
        <div className="welcome">
          <div className="welcome-icon">
            <Icon name="send" size={34} />
          </div>
          <h2>Welcome to Client</h2>
          <p className="muted">
            Create a project for the API you are working on, import a collection (OpenAPI, Postman, Insomnia, Bruno,
            HAR; or drop its file here), or start from a sample project with a few ready requests. Agents you connect in
            the Agent panel can save endpoints here as well.
          </p>
          <div className="center-actions">
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'create' })}>
              <Icon name="plus" size={14} /> Create a project
            </button>
            <button type="button" className="button" onClick={() => collections.importInto(null)}>
              <Icon name="download" size={14} /> Import a collection
            </button>
            <button type="button" className="button" onClick={() => void createSample()} disabled={busy}>
              <Icon name="sparkle" size={14} /> Create the sample project
            </button>
          </div>
        </div>
      ) : (
        <ul className="project-grid" aria-label="Projects">
          {projects.map((project) => (
            <ProjectCard
              key={project.projectId}
              text={projectCardText(project)}
              onOpen={() => onOpen(project.projectId)}
              actions={[
                { label: 'Open', onSelect: () => onOpen(project.projectId) },
                { label: 'Rename', onSelect: () => setDialog({ kind: 'rename', project }) },
                { label: 'Import into…', onSelect: () => collections.importInto(project.projectId) },
                { label: 'Export as OpenAPI 3.1', onSelect: () => collections.exportAs(project.projectId, 'openapi') },
                { label: 'Export as Postman v2.1', onSelect: () => collections.exportAs(project.projectId, 'postman') },
                { label: 'Delete', onSelect: () => setDialog({ kind: 'delete', project }), danger: true },
              ]}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'create' && (
        <ProjectFormDialog
          title="New project"
          submitLabel="Create project"
          withBaseUrl
          onSubmit={async ({ name, baseUrl, description }) => {
            const input: { name: string; description?: string; baseUrl?: string } = { name };
            if (description !== '') input.description = description;
            if (baseUrl !== '') input.baseUrl = baseUrl;
            const project = await api.createProject(input);
            await onChanged();
            setDialog(null);
            onOpen(project.id);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'open-folder' && (
        <LinkFolderDialog
          mode="open"
          onClose={() => setDialog(null)}
          onSubmit={async (folder) => {
            const { projectId } = await api.openFolder(folder);
            await onChanged();
            setDialog(null);
            onOpen(projectId);
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <ProjectFormDialog
          title="Rename project"
          submitLabel="Rename"
          initialName={dialog.project.name}
          initialDescription={dialog.project.description}
          onSubmit={async ({ name, description }) => {
            await api.updateProject(dialog.project.projectId, { name, description });
            await onChanged();
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete project"
          message={`Delete “${dialog.project.name}” with its ${counted(dialog.project.endpointCount, 'endpoint')}, environments and history? This cannot be undone.`}
          confirmLabel="Delete project"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const { project } = dialog;
            setDialog(null);
            api
              .deleteProject(project.projectId)
              .then(onChanged)
              .then(
                () => toasts.show(`Deleted ${project.name}`),
                (caught: unknown) =>
                  toasts.show('Could not delete the project', { tone: 'error', detail: (caught as Error).message }),
              );
          }}
        />
      )}
    </div>
  );
}

interface ProjectFormValues {
  name: string;
  baseUrl: string;
  description: string;
}

function ProjectFormDialog({
  title,
  submitLabel,
  withBaseUrl = false,
  initialName = '',
  initialDescription = '',
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  withBaseUrl?: boolean;
  initialName?: string;
  initialDescription?: string;
  onSubmit: (values: ProjectFormValues) => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<ProjectFormValues>({
    name: initialName,
    baseUrl: '',
    description: initialDescription,
  });
  const { busy, error, run } = useSubmit();
  const submit = () => run(() => onSubmit({ ...values, name: values.name.trim(), baseUrl: values.baseUrl.trim() }));
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <DialogActions
          confirmLabel={submitLabel}
          onCancel={onClose}
          form="project-form"
          disabled={busy || values.name.trim() === ''}
        />
      }
    >
      <form
        id="project-form"
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (values.name.trim() !== '') void submit();
        }}
      >
        <label className="field">
          <span className="field-label">Name</span>
          <input
            className="input"
            aria-label="Project name"
            placeholder="Payments API"
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            data-autofocus
          />
        </label>
        {withBaseUrl && (
          <label className="field">
            <span className="field-label">Base URL (optional)</span>
            <input
              className="input mono"
              aria-label="Base URL"
              placeholder="https://api.example.com"
              value={values.baseUrl}
              onChange={(event) => setValues({ ...values, baseUrl: event.target.value })}
            />
            <span className="field-hint">Saved as the project variable base_url; every endpoint is sent there.</span>
          </label>
        )}
        <label className="field">
          <span className="field-label">Description (optional)</span>
          <input
            className="input"
            aria-label="Project description"
            value={values.description}
            onChange={(event) => setValues({ ...values, description: event.target.value })}
          />
        </label>
        <FormError message={error} />
      </form>
    </Dialog>
  );
}
