import type { EnvironmentsView } from '../api/types.js';
import { Icon } from './icons.js';

const MANAGE = '__manage';

interface EnvironmentSwitcherProps {
  view: EnvironmentsView | null;
  onSelect: (environmentId: string | null) => void;
  onManage: () => void;
}

/** Which environment's values the open project's requests use, one click away from every editor. */
export function EnvironmentSwitcher({ view, onSelect, onManage }: EnvironmentSwitcherProps) {
  return (
    <div className="env-switcher">
      <Icon name="layers" size={14} />
      <select
        className="select select-borderless"
        aria-label="Environment"
        value={view?.activeEnvironmentId ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          if (value === MANAGE) onManage();
          else onSelect(value === '' ? null : value);
        }}
      >
        <option value="">No environment</option>
        {view?.environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {environment.name}
          </option>
        ))}
        <option value={MANAGE}>Manage environments…</option>
      </select>
      <button
        type="button"
        className="icon-button"
        aria-label="Manage environments"
        title="Manage environments"
        onClick={onManage}
      >
        <Icon name="settings" size={14} />
      </button>
    </div>
  );
}
