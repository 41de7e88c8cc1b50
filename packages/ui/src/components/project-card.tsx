import type { ProjectCardText } from '@client/core';
import { Menu, type MenuItem } from './menu.js';

/**
 * A project on the projects screen. Its words come as `text` (`projectCardText`), so the template of the first
 * screen the app writes into the page is drawn by this component too (first-screen-template.tsx).
 */
export function ProjectCard({
  text,
  onOpen,
  actions,
}: {
  text: ProjectCardText;
  onOpen: () => void;
  actions: MenuItem[];
}) {
  return (
    <li className="project-card">
      <button type="button" className="project-card-open" onClick={onOpen}>
        <span className="project-avatar" aria-hidden="true">
          {text.initial}
        </span>
        <span className="project-card-text">
          <span className="project-card-name" title={text.name}>
            {text.name}
          </span>
          <span className="project-card-description">{text.description}</span>
          <span className="project-card-base mono">{text.baseUrl}</span>
        </span>
      </button>
      <div className="project-card-footer">
        <span>{text.endpoints}</span>
        <span>updated {text.updated}</span>
        <Menu label={`Actions for project ${text.name}`} items={actions} />
      </div>
    </li>
  );
}
