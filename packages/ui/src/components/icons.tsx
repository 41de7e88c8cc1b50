/** The few line icons the UI uses, drawn inline so the bundle needs no icon font. */
export type IconName =
  | 'plus'
  | 'folder'
  | 'folder-open'
  | 'branch'
  | 'search'
  | 'more'
  | 'trash'
  | 'edit'
  | 'move'
  | 'copy'
  | 'eye'
  | 'eye-off'
  | 'lock'
  | 'history'
  | 'list'
  | 'settings'
  | 'terminal'
  | 'agent'
  | 'chevron'
  | 'chevron-down'
  | 'send'
  | 'check'
  | 'x'
  | 'warning'
  | 'sparkle'
  | 'layers'
  | 'download'
  | 'sidebar'
  | 'split-beside'
  | 'split-below'
  | 'arrow-up'
  | 'arrow-down'
  | 'grip'
  | 'play'
  | 'stop'
  | 'server';

const PATHS: Record<IconName, string> = {
  plus: 'M8 3v10M3 8h10',
  download: 'M8 2.5v8M4.5 7 8 10.5 11.5 7M3 13.5h10',
  folder:
    'M2 4.5A1.5 1.5 0 0 1 3.5 3h3l1.5 1.5h4.5A1.5 1.5 0 0 1 14 6v5.5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 11.5z',
  'folder-open': 'M2 4.5A1.5 1.5 0 0 1 3.5 3h3l1.5 1.5h4.5A1.5 1.5 0 0 1 14 6v.5H4.5L2 12.5zM4.5 6.5H15l-2.5 6.5H2',
  branch: 'M4.5 2.5v11M4.5 10.5a3 3 0 0 0 3-3h1a3 3 0 0 0 3-3M11.5 4.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  search: 'M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10zM10.5 10.5L14 14',
  more: 'M3.5 8h.01M8 8h.01M12.5 8h.01',
  trash: 'M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5',
  edit: 'M10.5 2.5l3 3L6 13H3v-3z',
  move: 'M2 8h9M8 5l3 3-3 3M13.5 3v10',
  copy: 'M5.5 5.5h7v7h-7zM3.5 10.5v-7h7',
  eye: 'M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  'eye-off':
    'M2 2l12 12M6.6 6.6a2 2 0 0 0 2.8 2.8M4.2 4.6C2.6 5.8 1.5 8 1.5 8s2.5 4.5 6.5 4.5c1.3 0 2.5-.5 3.5-1.1M7 3.6c.3 0 .7-.1 1-.1 4 0 6.5 4.5 6.5 4.5s-.6 1.1-1.6 2.2',
  lock: 'M4 7.5h8v6H4zM5.5 7.5V5.5a2.5 2.5 0 0 1 5 0v2',
  history: 'M2.5 8a5.5 5.5 0 1 0 1.6-3.9M2.5 2.5v2.5H5M8 5v3l2 1.5',
  list: 'M5.5 4h8M5.5 8h8M5.5 12h8M2.5 4h.01M2.5 8h.01M2.5 12h.01',
  settings:
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  terminal: 'M2 3h12v10H2zM4.5 6l2 2-2 2M8 10.5h3.5',
  agent: 'M5 6.5h.01M11 6.5h.01M3 4h10v7H8.5L5.5 13.5V11H3zM8 1.5V4',
  chevron: 'M6 4l4 4-4 4',
  'chevron-down': 'M4 6l4 4 4-4',
  send: 'M2 8l11-5.5L9.5 14 7.5 9z',
  check: 'M3 8.5l3 3 7-7',
  x: 'M4 4l8 8M12 4l-8 8',
  warning: 'M8 2 14.5 13.5h-13zM8 6.5v3M8 11.5h.01',
  sparkle: 'M8 1.5l1.6 4.9 4.9 1.6-4.9 1.6L8 14.5l-1.6-4.9L1.5 8l4.9-1.6z',
  layers: 'M8 2l6 3-6 3-6-3zM2 8l6 3 6-3M2 11l6 3 6-3',
  sidebar: 'M2 3h12v10H2zM6 3v10',
  'split-beside': 'M2 3h12v10H2zM8 3v10',
  'split-below': 'M2 3h12v10H2zM2 8h12',
  'arrow-up': 'M8 13V3M4 7l4-4 4 4',
  'arrow-down': 'M8 3v10M4 9l4 4 4-4',
  grip: 'M6 4h.01M10 4h.01M6 8h.01M10 8h.01M6 12h.01M10 12h.01',
  play: 'M5 3l8 5-8 5z',
  stop: 'M4 4h8v8H4z',
  server: 'M2.5 2.5h11v4.5h-11zM2.5 9h11v4.5h-11zM5 4.75h.01M5 11.25h.01',
};

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' || name === 'grip' ? 2.4 : 1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
