import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { moveItem, placeItem } from '../lib/move-item.js';
import type { OrderEntry } from '../lib/run-order.js';
import { Icon } from './icons.js';
import { MethodBadge } from './method-badge.js';

const ROW_HEIGHT = 34;

interface RunOrderListProps {
  entries: OrderEntry[];
  onChange: (entries: OrderEntry[]) => void;
  /** Back to the default order with every request in. */
  onReset: () => void;
  changed: boolean;
}

/**
 * The requests a run sends, in the order it sends them: each with a box that leaves it out, dragged by its handle
 * (or moved with its buttons) to another place. Drawn as a virtual list, so a project of thousands opens at once.
 */
export function RunOrderList({ entries, onChange, onReset, changed }: RunOrderListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const included = entries.filter((entry) => entry.included).length;
  const setAll = (value: boolean) => onChange(entries.map((entry) => ({ ...entry, included: value })));
  return (
    <section className="run-order" aria-label="Requests to run">
      <div className="run-order-bar">
        <h3 className="section-title">
          Requests <span className="muted">{`${included} of ${entries.length}`}</span>
        </h3>
        <div className="toolbar-spacer" />
        <button type="button" className="button button-small button-ghost" onClick={() => setAll(true)}>
          All
        </button>
        <button type="button" className="button button-small button-ghost" onClick={() => setAll(false)}>
          None
        </button>
        <button
          type="button"
          className="button button-small button-ghost"
          onClick={onReset}
          disabled={!changed}
          title="Every request, in the order they were made (an imported collection’s own order)"
        >
          Default order
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">There are no requests here to run.</p>
      ) : (
        <div className="run-order-scroll" ref={scroller}>
          <ol className="run-order-list" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const entry = entries[row.index] as OrderEntry;
              const index = row.index;
              const where = [...entry.path, entry.name].join(' / ');
              const classes = ['run-order-row'];
              if (!entry.included) classes.push('run-order-row-off');
              if (over === index && dragged !== null && dragged !== index) classes.push('run-order-row-target');
              return (
                <li
                  key={entry.id}
                  className={classes.join(' ')}
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', entry.id);
                    setDragged(index);
                  }}
                  onDragOver={(event) => {
                    if (dragged === null) return;
                    event.preventDefault();
                    setOver(index);
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== null) onChange(placeItem(entries, dragged, index));
                    setDragged(null);
                    setOver(null);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setOver(null);
                  }}
                >
                  <span className="run-order-grip" title="Drag to move" aria-hidden="true">
                    <Icon name="grip" size={14} />
                  </span>
                  <input
                    type="checkbox"
                    className="kv-enabled"
                    aria-label={`Run ${where}`}
                    checked={entry.included}
                    onChange={(event) =>
                      onChange(
                        entries.map((current, i) =>
                          i === index ? { ...current, included: event.target.checked } : current,
                        ),
                      )
                    }
                  />
                  <span className="run-order-position" aria-hidden="true">
                    {index + 1}
                  </span>
                  <MethodBadge method={entry.method} />
                  <span className="run-order-name" title={where}>
                    {entry.path.length > 0 && <span className="muted">{entry.path.join(' / ')} / </span>}
                    {entry.name}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${where} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(entries, index, -1))}
                  >
                    <Icon name="arrow-up" size={14} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${where} down`}
                    disabled={index === entries.length - 1}
                    onClick={() => onChange(moveItem(entries, index, 1))}
                  >
                    <Icon name="arrow-down" size={14} />
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
