import type { TabProps } from '../builder.shared.ts';

/** The Stages of Redressal tab (helper web-stages): stages, steps, settings, prerequisites, meeting fields, actions. */
export function StagesTab(_props: TabProps) {
  return null;
}
