import type { TCmsText, TWorkflowDefinition, TWorkflowTemplateKey } from '@app/contract';
import { CA_NAME, CA_RESOLUTION, CA_SUMMARY } from './canada-resolution.ts';
import { POSH_INQUIRY, POSH_NAME, POSH_SUMMARY } from './posh-inquiry.ts';

/*
 * The shipped templates (issue 25), written for this product: "POSH Act inquiry" (India) and
 * "Canada harassment and violence resolution" (SOR/2020-130), each a workflow definition whose
 * statutory steps carry their rule (core/statutory-clocks.ts) and section (../shared/LEGAL.md).
 * Starting from a template copies its definition into a new draft (helper cms-core's
 * `insertDefinition`); publishing checks the draft keeps every statutory step and field, none later
 * than the law allows (versions/validate.ts).
 */
export const TEMPLATES: Record<TWorkflowTemplateKey, TWorkflowDefinition> = {
  POSH_INQUIRY,
  CA_RESOLUTION,
};

/** The template's name and summary in each of its languages (`GET /workflow/templates`). */
export const TEMPLATE_NAMES: Record<TWorkflowTemplateKey, { name: TCmsText; summary: TCmsText }> = {
  POSH_INQUIRY: { name: POSH_NAME, summary: POSH_SUMMARY },
  CA_RESOLUTION: { name: CA_NAME, summary: CA_SUMMARY },
};
