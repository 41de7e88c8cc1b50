import type { EditorTab } from '../hooks/editor-tabs.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';

interface EditorTabsBarProps {
  tabs: readonly EditorTab[];
  activeId: string | null;
  unsavedIds: ReadonlySet<string>;
  onActivate: (endpointId: string) => void;
  onClose: (endpointId: string) => void;
}

export function EditorTabsBar({ tabs, activeId, unsavedIds, onActivate, onClose }: EditorTabsBarProps) {
  return (
    <div className="editor-tabs" role="tablist" aria-label="Open endpoints">
      {tabs.map((tab) => {
        const active = tab.endpointId === activeId;
        return (
          <div
            key={tab.endpointId}
            className={active ? 'editor-tab editor-tab-active' : 'editor-tab'}
            onAuxClick={(event) => event.button === 1 && onClose(tab.endpointId)}
          >
            <button
              type="button"
              role="tab"
              aria-selected={active}
              className="editor-tab-button"
              onClick={() => onActivate(tab.endpointId)}
            >
              <MethodBadge method={tab.current.method} />
              <span className="editor-tab-name">{tab.current.name}</span>
            </button>
            {unsavedIds.has(tab.endpointId) && (
              <span className="unsaved-dot editor-tab-dot" aria-hidden="true">
                ●
              </span>
            )}
            <button
              type="button"
              className="icon-button editor-tab-close"
              aria-label={`Close ${tab.current.name}`}
              onClick={() => onClose(tab.endpointId)}
            >
              <Icon name="x" size={12} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
