import type { TabProps } from '../builder.shared.ts';

/** The Complaint Form tab (helper web-form): components, attributes, translations, the live preview. */
export function FormTab(_props: TabProps) {
  return null;
}
