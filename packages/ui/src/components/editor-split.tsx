import { Children, type ReactNode, useId, useRef } from 'react';
import { useLayout } from '../hooks/use-layout.js';
import { useMediaQuery } from '../hooks/use-media-query.js';
import { Splitter } from './splitter.js';

/** Below this window width the automatic split puts the response under the request: side by side both are cramped. */
const NARROW_WINDOW = '(max-width: 1100px)';
const MIN_SHARE = 20;
const MAX_SHARE = 80;

/** The orientation the person chose, or on `auto` the one that suits the window: beside when it is wide. */
export function useEditorSplit(): 'horizontal' | 'vertical' {
  const { layout } = useLayout();
  const narrow = useMediaQuery(NARROW_WINDOW);
  return layout.split === 'auto' ? (narrow ? 'vertical' : 'horizontal') : layout.split;
}

/**
 * The request (first child) and the response (second child) side by side or stacked, as the layout says, with a
 * separator between them that sets the request's share of the space.
 */
export function EditorSplit({ children }: { children: [ReactNode, ReactNode] }) {
  const [request, response] = Children.toArray(children);
  const { layout, change } = useLayout();
  const split = useEditorSplit();
  const editor = useRef<HTMLDivElement>(null);
  const requestId = useId();
  const share = layout.requestShare;
  const tracks = `minmax(0, ${share}fr) 1px minmax(0, ${100 - share}fr)`;
  return (
    <div
      ref={editor}
      className={`editor editor-${split}`}
      style={split === 'horizontal' ? { gridTemplateColumns: tracks } : { gridTemplateRows: tracks }}
    >
      <div className="editor-pane" id={requestId}>
        {request}
      </div>
      <Splitter
        label="Resize the request and response"
        controls={requestId}
        orientation={split === 'horizontal' ? 'vertical' : 'horizontal'}
        value={share}
        min={MIN_SHARE}
        max={MAX_SHARE}
        valueText={`Request ${share}%, response ${100 - share}%`}
        step={5}
        pixelsPerUnit={() => {
          const box = editor.current?.getBoundingClientRect();
          return Math.max(1, (split === 'horizontal' ? (box?.width ?? 0) : (box?.height ?? 0)) / 100);
        }}
        onChange={(requestShare) => change({ requestShare })}
      />
      <div className="editor-pane">{response}</div>
    </div>
  );
}
