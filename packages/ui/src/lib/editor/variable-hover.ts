import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { describeVariable } from '../variables.js';
import { placeholderAt, variableScope } from './variable-scope.js';

/**
 * Hovering a `{{variable}}` shows what it is sent as: its resolved value (a secret masked), where it is defined,
 * or that nothing defines it.
 */
export const variableHover = hoverTooltip((view, pos): Tooltip | null => {
  const found = placeholderAt(view.state, pos);
  if (found === null) return null;
  const described = describeVariable(found.name, view.state.facet(variableScope));
  return {
    pos: found.from,
    end: found.to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = described.defined ? 'cm-var-hover' : 'cm-var-hover cm-var-hover-missing';
      dom.setAttribute('role', 'tooltip');
      const name = dom.appendChild(document.createElement('div'));
      name.className = 'cm-var-hover-name';
      name.textContent = found.name;
      const value = dom.appendChild(document.createElement('div'));
      value.className = 'cm-var-hover-value';
      value.textContent = described.defined ? described.value || '(empty)' : 'Not defined';
      const note = dom.appendChild(document.createElement('div'));
      note.className = 'cm-var-hover-note';
      note.textContent = described.defined
        ? `${described.source === 'environment' ? 'Active environment' : 'Project variable'}${described.secret ? ' · secret, masked' : ''}`
        : 'No project or environment variable has this name: add one, or pick another environment.';
      return { dom };
    },
  };
});
