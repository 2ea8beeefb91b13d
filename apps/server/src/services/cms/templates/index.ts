import type { TWorkflowDefinition, TWorkflowTemplateKey } from '@app/contract';

/*
 * The shipped templates (issue 25), written for this product: "POSH Act inquiry" (India) and
 * "Canada harassment and violence resolution" (SOR/2020-130), each a workflow definition whose
 * statutory steps carry their rule (core/statutory-clocks.ts) and section (../shared/LEGAL.md).
 * Starting from a template copies its definition into a new draft (helper cms-core's
 * `insertDefinition`). Written by the versions work package (helper `cms-versions`).
 */
export const TEMPLATES: Record<TWorkflowTemplateKey, TWorkflowDefinition> = {
  POSH_INQUIRY: placeholder('IN_POSH', 'POSH_INQUIRY'),
  CA_RESOLUTION: placeholder('CA_SOR_2020_130', 'CA_RESOLUTION'),
};

/** Until the templates are written: the spec's default form and one stage with one step. */
function placeholder(
  jurisdiction: TWorkflowDefinition['jurisdiction'],
  template: TWorkflowTemplateKey,
): TWorkflowDefinition {
  return {
    format: 1,
    name: template,
    description: {},
    jurisdiction,
    template,
    filers: ['EMPLOYEE'],
    anonymousWitnesses: false,
    branchId: null,
    handler: { kind: 'UNIT_COMMITTEE' },
    contact: null,
    languages: ['en'],
    fallbacks: {},
    form: [],
    stages: [],
  };
}
