import { type RefObject, useEffect, useRef, useState } from 'react';
import type { EditorTab } from '../hooks/editor-tabs.js';
import { onTablistKeyDown } from '../lib/roving-focus.js';
import { EndpointBadge } from './endpoint-badge.js';
import { Icon } from './icons.js';
import { Menu } from './menu.js';

/**
 * Whether the strip holds more tabs than it can show; follows resizes and tabs opening, closing or changing. Measured
 * when one of those happens, not after every render: reading the strip's widths lays out the whole page first, which
 * after a search keystroke means the sidebar's redrawn tree (4 ms a keystroke in a project of 10,000 endpoints).
 */
function useOverflowing(strip: RefObject<HTMLDivElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = strip.current;
    if (element === null) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true, characterData: true, attributes: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [strip]);
  return overflowing;
}

interface EditorTabsBarProps {
  tabs: readonly EditorTab[];
  activeId: string | null;
  unsavedIds: ReadonlySet<string>;
  onActivate: (endpointId: string) => void;
  onClose: (endpointId: string) => void;
}

/**
 * The open endpoints. The strip scrolls rather than widening the editor, keeps the active tab in view, and
 * when it cannot show them all, a list of every open tab is one click away.
 */
export function EditorTabsBar({ tabs, activeId, unsavedIds, onActivate, onClose }: EditorTabsBarProps) {
  const strip = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(strip);
  useEffect(() => {
    if (activeId === null) return;
    strip.current
      ?.querySelector(`[data-endpoint-id="${CSS.escape(activeId)}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);
  return (
    <div className="editor-tabs-area">
      <div
        className="editor-tabs"
        role="tablist"
        aria-label="Open endpoints"
        ref={strip}
        onKeyDown={(event) => {
          const endpointId = (event.target as HTMLElement).closest<HTMLElement>('[data-endpoint-id]')?.dataset
            .endpointId;
          if (event.key === 'Delete' && endpointId !== undefined) onClose(endpointId);
          else onTablistKeyDown(event);
        }}
      >
        {tabs.map((tab, index) => {
          const active = tab.endpointId === activeId;
          // One Tab stop: the active tab, or the first while History is shown instead.
          const tabStop = active || (activeId === null && index === 0);
          return (
            <div
              key={tab.endpointId}
              role="presentation"
              data-endpoint-id={tab.endpointId}
              className={active ? 'editor-tab editor-tab-active' : 'editor-tab'}
              onAuxClick={(event) => event.button === 1 && onClose(tab.endpointId)}
            >
              <button
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={tabStop ? 0 : -1}
                className="editor-tab-button"
                onClick={() => onActivate(tab.endpointId)}
              >
                <EndpointBadge method={tab.current.method} kind={tab.current.kind} />
                <span className="editor-tab-name" title={tab.current.name}>
                  {tab.current.name}
                </span>
              </button>
              {unsavedIds.has(tab.endpointId) && (
                <span className="unsaved-dot editor-tab-dot" aria-hidden="true">
                  ●
                </span>
              )}
              {/* Out of the tablist's tree (a tab holds no button): keyboard users close the focused tab with Delete. */}
              <button
                type="button"
                className="icon-button editor-tab-close"
                aria-hidden="true"
                tabIndex={-1}
                title={`Close ${tab.current.name}`}
                onClick={() => onClose(tab.endpointId)}
              >
                <Icon name="x" size={12} />
              </button>
            </div>
          );
        })}
      </div>
      {overflowing && (
        <Menu
          label="All open tabs"
          icon="chevron-down"
          items={tabs.map((tab) => ({
            label: `${tab.current.method} ${tab.current.name}`,
            onSelect: () => onActivate(tab.endpointId),
          }))}
        />
      )}
    </div>
  );
}
