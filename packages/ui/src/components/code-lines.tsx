import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BodyLanguage } from '../lib/body-view.js';
import { nextOffset, offsetAt, scrollSpace, scrollTopFor } from '../lib/scroll-space.js';

/** Every line is this tall (CSS `.code-lines`), which is what lets a long body be drawn a screenful at a time. */
const LINE_HEIGHT = 19;
/** Up to this many lines are all drawn, and wrap; beyond, only those in view are (and lines do not wrap). */
const ALL_LINES = 3000;
/** Lines drawn above and below the visible ones, so a fast scroll does not show blank space. */
const OVERSCAN = 40;

interface CodeLinesProps {
  text: string;
  language: BodyLanguage;
  /** Text to mark wherever it occurs (case-insensitive); empty marks nothing. */
  search: string;
  /** The line of the current search hit, scrolled into view. */
  activeLine: number | null;
}

/** A body as lines of code, coloured, searchable and virtualised, so that a 50 MB body scrolls like a small one. */
export function CodeLines({ text, language, search, activeLine }: CodeLinesProps) {
  const lines = useMemo(() => text.split('\n'), [text]);
  const scroller = useRef<HTMLDivElement>(null);
  /** Where the scroller stands and the offset into the lines it shows, apart once the scroll space is scaled. */
  const [view, setView] = useState({ scrollTop: 0, offset: 0 });
  /** The offset a scroll the component made itself lands on, so its scroll event does not move it again. */
  const aimed = useRef<number | null>(null);
  const [height, setHeight] = useState(600);
  const virtual = lines.length > ALL_LINES;
  const space = scrollSpace(lines.length * LINE_HEIGHT + 24, height);
  const scaled = virtual && space.spacer < space.content;

  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setHeight(element.clientHeight || 600));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Other text (a filter, the raw view) leaves the box scrolled elsewhere: draw from where it really is.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null || lines.length === 0) return;
    const within = scrollSpace(lines.length * LINE_HEIGHT + 24, element.clientHeight || 600);
    setView({ scrollTop: element.scrollTop, offset: offsetAt(element.scrollTop, within) });
  }, [lines]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new hit scrolls; the user's own scrolling does not
  useEffect(() => {
    const element = scroller.current;
    if (activeLine === null || element === null) return;
    const top = activeLine * LINE_HEIGHT;
    if (top < view.offset || top > view.offset + element.clientHeight - 2 * LINE_HEIGHT) {
      const offset = Math.max(0, top - element.clientHeight / 3);
      const before = element.scrollTop;
      element.scrollTop = scrollTopFor(offset, space);
      // Only a scroll that moved fires its event, which must keep this offset rather than work one out.
      aimed.current = element.scrollTop === before ? null : offset;
      setView({ scrollTop: element.scrollTop, offset: Math.min(offset, offsetAt(Number.MAX_SAFE_INTEGER, space)) });
    }
  }, [activeLine]);

  const onScroll = (scrollTop: number) => {
    const offset = aimed.current ?? nextOffset(view, scrollTop, space);
    aimed.current = null;
    setView({ scrollTop, offset: Math.min(offset, offsetAt(Number.MAX_SAFE_INTEGER, space)) });
  };

  const { scrollTop, offset } = view;
  // The lines drawn above the view stop at the top of the spacer, where the scroll space is scaled.
  const first = virtual
    ? Math.max(0, Math.floor(offset / LINE_HEIGHT) - OVERSCAN, Math.ceil((offset - scrollTop - 12) / LINE_HEIGHT))
    : 0;
  const last = virtual ? Math.min(lines.length, Math.ceil((offset + height) / LINE_HEIGHT) + OVERSCAN) : lines.length;
  const shown: ReactNode[] = [];
  for (let index = first; index < last; index++) {
    shown.push(
      <span key={index} className={index === activeLine ? 'code-line code-line-active' : 'code-line'}>
        <Line text={lines[index] ?? ''} language={language} search={search} />
        {index < lines.length - 1 && '\n'}
      </span>,
    );
  }
  return (
    <section
      className="code-scroll"
      ref={scroller}
      onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
      // The drawn lines are moved to where the scroll position says; the browser must not move it back after them.
      style={virtual ? { overflowAnchor: 'none' } : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      aria-label="Response body"
    >
      <pre
        className={
          virtual ? `code-view code-lines code-lines-virtual code-${language}` : `code-view code-lines code-${language}`
        }
        data-testid="response-body"
        data-lines={lines.length}
        data-scaled={scaled || undefined}
        style={
          virtual
            ? {
                height: space.spacer,
                paddingTop: scrollTop + 12 + first * LINE_HEIGHT - offset,
                // Lines drawn below the view must not make the spacer any taller.
                overflowY: scaled ? 'clip' : undefined,
              }
            : undefined
        }
      >
        {shown}
      </pre>
    </section>
  );
}

const JSON_TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const XML_TOKEN = /(<\/?[\w:.-]+)|([\w:.-]+=)("[^"]*"|'[^']*')|(\/?>)/g;

/** One line, its JSON or XML tokens coloured and the search text marked. */
function Line({ text, language, search }: { text: string; language: BodyLanguage; search: string }) {
  if (search !== '') return <Marked text={text} search={search} />;
  if (language === 'json') return <>{colour(text, JSON_TOKEN, jsonClass)}</>;
  if (language === 'xml' || language === 'html') return <>{colour(text, XML_TOKEN, xmlClass)}</>;
  return <>{text}</>;
}

function jsonClass(match: RegExpMatchArray): [string, string][] {
  const [whole, string, colon, literal, number] = match;
  if (string !== undefined)
    return colon === undefined
      ? [['json-string', string]]
      : [
          ['json-key', string],
          ['', colon],
        ];
  if (literal !== undefined) return [['json-literal', literal]];
  if (number !== undefined) return [['json-number', number]];
  return [['', whole]];
}

function xmlClass(match: RegExpMatchArray): [string, string][] {
  const [whole, tag, attribute, value, close] = match;
  if (tag !== undefined) return [['xml-tag', tag]];
  if (attribute !== undefined && value !== undefined)
    return [
      ['xml-attribute', attribute],
      ['json-string', value],
    ];
  if (close !== undefined) return [['xml-tag', close]];
  return [['', whole]];
}

function colour(text: string, pattern: RegExp, classify: (match: RegExpMatchArray) => [string, string][]): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    for (const [className, piece] of classify(match)) {
      parts.push(
        className === '' ? (
          piece
        ) : (
          <span key={parts.length} className={className}>
            {piece}
          </span>
        ),
      );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function Marked({ text, search }: { text: string; search: string }) {
  const lower = text.toLowerCase();
  const needle = search.toLowerCase();
  const parts: ReactNode[] = [];
  let last = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    parts.push(text.slice(last, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    last = at + needle.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** The lines where `search` occurs (case-insensitive), in order. */
export function linesMatching(text: string, search: string): number[] {
  if (search === '') return [];
  const lower = text.toLowerCase();
  const needle = search.toLowerCase();
  const found: number[] = [];
  let line = 0;
  let lineStart = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    for (
      let newline = lower.indexOf('\n', lineStart);
      newline >= 0 && newline < at;
      newline = lower.indexOf('\n', lineStart)
    ) {
      line++;
      lineStart = newline + 1;
    }
    if (found.at(-1) !== line) found.push(line);
  }
  return found;
}
