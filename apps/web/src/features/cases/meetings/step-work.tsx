import type { TCaseStep, TCaseView } from '@app/contract';

/**
 * The committee's work on one step of a case: its meetings (schedule, minutes, outcome) and its
 * actions (vote, inform, transfer, notify, forms, resources). Rendered by the committee's case page
 * under each open step; `onChanged` refetches the case.
 */
export function StepWork(_props: { view: TCaseView; step: TCaseStep; onChanged: () => void }) {
  return null;
}
