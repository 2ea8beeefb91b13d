import type {
  TActionSettings,
  TActionType,
  TCmsOptionalText,
  TCmsText,
  TStepSettings,
  TStepType,
  ZMeetingFieldAdd,
  ZMeetingFieldUpdate,
  ZStageUpdate,
  ZStepUpdate,
} from '@app/contract';
import type { z } from 'zod';
import { cmsCall, useBuilderMutation } from '../builder.shared.ts';

/*
 * The Stages of Redressal tab's calls (CMS service). Each changes the draft and answers the whole
 * builder, which `useBuilderMutation` puts in the cache: the tab redraws from it. The builder holds
 * each step's settings, prerequisites, meeting fields and actions, so the tab needs no other read.
 */

const enc = encodeURIComponent;

export function useStageCalls(workflowId: string) {
  return {
    createStage: useBuilderMutation(workflowId, (v: { title: TCmsText; position?: number }) =>
      cmsCall('POST', '/stage/create', { workflowId, ...v }),
    ),
    updateStage: useBuilderMutation(workflowId, (v: { id: string; body: z.input<typeof ZStageUpdate> }) =>
      cmsCall('POST', `/stage/update/${enc(v.id)}`, v.body),
    ),
    deleteStage: useBuilderMutation(workflowId, (id: string) => cmsCall('DELETE', `/stage/delete/${enc(id)}`)),
    createStep: useBuilderMutation(
      workflowId,
      (v: { stageId: string; type: TStepType; title: TCmsText; description?: TCmsOptionalText }) =>
        cmsCall('POST', '/step/create', { workflowId, ...v }),
    ),
    updateStep: useBuilderMutation(workflowId, (v: { id: string; body: z.input<typeof ZStepUpdate> }) =>
      cmsCall('POST', `/step/update/${enc(v.id)}`, v.body),
    ),
    deleteStep: useBuilderMutation(workflowId, (id: string) => cmsCall('DELETE', `/step/delete/${enc(id)}`)),
  };
}

export function useStepCalls(workflowId: string) {
  return {
    saveSettings: useBuilderMutation(workflowId, (v: { stepId: string; body: TStepSettings }) =>
      cmsCall('POST', `/step-setting/${enc(v.stepId)}`, v.body),
    ),
    addPrerequisite: useBuilderMutation(
      workflowId,
      (v: { stepId: string; requiresStepId: string; condition: 'COMPLETED' | 'STARTED' }) =>
        cmsCall('POST', '/workflow-prerequisite/add', v),
    ),
    updatePrerequisite: useBuilderMutation(
      workflowId,
      (v: { id: string; body: { requiresStepId?: string; condition?: 'COMPLETED' | 'STARTED' } }) =>
        cmsCall('POST', `/workflow-prerequisite/update/${enc(v.id)}`, v.body),
    ),
    removePrerequisite: useBuilderMutation(workflowId, (id: string) =>
      cmsCall('DELETE', `/workflow-prerequisite/remove/${enc(id)}`),
    ),
    addMeetingField: useBuilderMutation(workflowId, (v: z.input<typeof ZMeetingFieldAdd>) =>
      cmsCall('POST', '/meeting-fields/add', v),
    ),
    updateMeetingField: useBuilderMutation(workflowId, (v: { id: string; body: z.input<typeof ZMeetingFieldUpdate> }) =>
      cmsCall('POST', `/meeting-fields/update/${enc(v.id)}`, v.body),
    ),
    removeMeetingField: useBuilderMutation(workflowId, (id: string) =>
      cmsCall('DELETE', `/meeting-fields/remove/${enc(id)}`),
    ),
    addAction: useBuilderMutation(workflowId, (v: { stepId: string; type: TActionType; settings?: TActionSettings }) =>
      cmsCall('POST', '/step/action/add', v),
    ),
    removeAction: useBuilderMutation(workflowId, (id: string) => cmsCall('DELETE', `/step/action/remove/${enc(id)}`)),
    saveActionSettings: useBuilderMutation(workflowId, (v: { actionId: string; body: TActionSettings }) =>
      cmsCall('POST', `/workflow-action-setting/${enc(v.actionId)}`, v.body),
    ),
  };
}
