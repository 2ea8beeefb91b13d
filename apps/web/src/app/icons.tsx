import type { SVGProps } from 'react';

/** Names of the few line icons the app draws (outline style, 24-unit grid). */
export type TIconName =
  | 'dashboard'
  | 'flag'
  | 'logout'
  | 'check'
  | 'chevronDown'
  | 'building'
  | 'tools'
  | 'mail'
  | 'hierarchy'
  | 'settings'
  | 'users'
  | 'shield'
  | 'history'
  | 'coins'
  | 'inbox'
  | 'map'
  | 'book'
  | 'calendar'
  | 'copy'
  | 'workflow'
  | 'folder';

const PATHS: Record<TIconName, string[]> = {
  copy: ['M8 8h12v12H8z', 'M16 8V4H4v12h4'],
  folder: ['M4 6a2 2 0 0 1 2-2h4l2 2h6a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z', 'M9 13h6'],
  // Three steps joined in order: a complaint workflow.
  workflow: ['M4 4h6v6H4z', 'M14 14h6v6h-6z', 'M7 10v4a3 3 0 0 0 3 3h4', 'M17 4v7', 'M14 7h6'],
  calendar: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
    'M8 15h2v2H8z',
  ],
  book: ['M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5z', 'M4 19a2 2 0 0 1 2-2h13', 'M9 7h6'],
  dashboard: ['M4 4h6v8H4z', 'M4 16h6v4H4z', 'M14 12h6v8h-6z', 'M14 4h6v4h-6z'],
  flag: ['M5 5a5 5 0 0 1 7 0a5 5 0 0 0 7 0v9a5 5 0 0 1-7 0a5 5 0 0 0-7 0V5z', 'M5 21v-7'],
  logout: ['M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2', 'M9 12h12l-3-3', 'M18 15l3-3'],
  check: ['M5 12l5 5L20 7'],
  settings: ['M4 6h9', 'M17 6h3', 'M4 12h3', 'M11 12h9', 'M4 18h11', 'M19 18h1', 'M15 4v4', 'M9 10v4', 'M17 16v4'],
  users: [
    'M9 7m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
    'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M16 3.13a4 4 0 0 1 0 7.75',
    'M21 21v-2a4 4 0 0 0-3-3.85',
  ],
  history: ['M12 8v4l3 2', 'M3.05 11a9 9 0 1 1 .5 4', 'M3 20v-5h5'],
  shield: ['M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21A12 12 0 0 1 3.5 6A12 12 0 0 0 12 3', 'M9 12l2 2l4-4'],
  chevronDown: ['M6 9l6 6l6-6'],
  coins: [
    'M9 14c0 1.66 2.69 3 6 3s6-1.34 6-3s-2.69-3-6-3s-6 1.34-6 3z',
    'M9 14v4c0 1.66 2.69 3 6 3s6-1.34 6-3v-4',
    'M3 6c0 1.07 1.14 2.06 3 2.6s4.14.54 6 0s3-1.53 3-2.6s-1.14-2.06-3-2.6s-4.14-.54-6 0S3 4.93 3 6z',
    'M3 6v10c0 .89.77 1.75 2 2',
    'M3 11c0 .89.77 1.75 2 2',
  ],
  inbox: ['M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z', 'M4 13h3l3 3h4l3-3h3'],
  map: ['M3 7l6-3l6 3l6-3v13l-6 3l-6-3l-6 3V7', 'M9 4v13', 'M15 7v13'],
  hierarchy: ['M9 3h6v5H9z', 'M3 16h6v5H3z', 'M15 16h6v5h-6z', 'M12 8v4', 'M6 16v-2h12v2'],
  mail: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z', 'M3 7l9 6l9-6'],
  building: ['M3 21h18', 'M5 21V7l8-4v18', 'M19 21V11l-6-4', 'M9 9v.01', 'M9 12v.01', 'M9 15v.01', 'M9 18v.01'],
  tools: [
    'M3 21h4L20 8a1.5 1.5 0 0 0-4-4L3 17v4',
    'M14.5 5.5l4 4',
    'M12 8L7 3L3 7l5 5',
    'M7 8L5.5 9.5',
    'M16 12l5 5l-4 4l-5-5',
    'M16 17l-1.5 1.5',
  ],
};

/** A decorative icon: hidden from assistive technology, sized by `size` (px). */
export function Icon({ name, size = 20, ...rest }: { name: TIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
