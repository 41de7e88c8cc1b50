import { type KeyboardEvent, type PointerEvent, useRef } from 'react';

interface SplitterProps {
  label: string;
  /** The id of the pane whose size the separator sets (the primary pane). */
  controls: string;
  /** The separator's own line: `vertical` between panes side by side, `horizontal` between stacked ones. */
  orientation: 'vertical' | 'horizontal';
  /** The primary pane's size, 0 while it is collapsed; a change to a size opens a collapsed pane. */
  value: number;
  min: number;
  max: number;
  /** What a screen reader says for the value. */
  valueText: string;
  /** How far one arrow key moves it; Shift moves five times as far. */
  step: number;
  /** CSS pixels per unit of `value`, read when a drag starts: 1 for a width in pixels, the container / 100 for a share. */
  pixelsPerUnit: () => number;
  onChange: (value: number) => void;
  /**
   * Collapses the primary pane, or restores it to its size before (Enter, and a drag or arrow key past the
   * minimum): only for a pane that can be collapsed.
   */
  onToggleCollapse?: () => void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A separator the pointer drags and the keyboard moves, as WAI-ARIA's window splitter pattern has it: a focusable
 * `role=separator` whose value is the primary pane's size; arrow keys move it, Home and End take it to the
 * minimum and maximum, Enter collapses and restores a collapsible pane.
 */
export function Splitter(props: SplitterProps) {
  const { orientation, value, min, max, step, onChange, onToggleCollapse } = props;
  const drag = useRef<{ start: number; value: number; pixelsPerUnit: number } | null>(null);
  const collapsed = value === 0;
  const position = (event: PointerEvent) => (orientation === 'vertical' ? event.clientX : event.clientY);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { start: position(event), value: collapsed ? 0 : value, pixelsPerUnit: props.pixelsPerUnit() };
    document.body.classList.add(`resizing-${orientation}`);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const started = drag.current;
    if (started === null) return;
    const wanted = started.value + (position(event) - started.start) / started.pixelsPerUnit;
    // Dragged well past its minimum, a collapsible pane closes; dragged out again, it opens.
    if (onToggleCollapse !== undefined && wanted < min / 2) {
      if (!collapsed) onToggleCollapse();
      return;
    }
    onChange(Math.round(clamp(wanted, min, max)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current === null) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    document.body.classList.remove(`resizing-${orientation}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const [decrease, increase] = orientation === 'vertical' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
    const distance = event.shiftKey ? step * 5 : step;
    const collapsible = onToggleCollapse !== undefined;
    let next: number | 'toggle' | 'stay';
    if (event.key === decrease) next = collapsible && value === min ? 'toggle' : value - distance;
    else if (event.key === increase) next = collapsed ? 'toggle' : value + distance;
    else if (event.key === 'Home') next = !collapsible ? min : collapsed ? 'stay' : 'toggle';
    else if (event.key === 'End') next = max;
    else if (event.key === 'Enter' && collapsible) next = 'toggle';
    else return;
    event.preventDefault();
    if (next === 'toggle') onToggleCollapse?.();
    // A collapsed pane opens at the size a change asks for (End: the largest).
    else if (next !== 'stay') onChange(clamp(next, min, max));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable separator that moves (WAI-ARIA window splitter), which <hr> cannot be
    <div
      role="separator"
      tabIndex={0}
      aria-label={props.label}
      aria-controls={props.controls}
      aria-orientation={orientation}
      aria-valuenow={value}
      aria-valuemin={onToggleCollapse === undefined ? min : 0}
      aria-valuemax={max}
      aria-valuetext={props.valueText}
      className={`splitter splitter-${orientation}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
