import { defineModule } from '../../core/module.ts';
import { MAIN_AUDIT_ACTIONS } from './audit-actions.ts';
import { mainService } from './index.ts';
import { deliveryRecorder } from './invites/mail-state.ts';
import { MAIN_PAYLOADS } from './operator-contract/contract.queues.ts';
import { runContractWarnings } from './operator-contract/operator-contract.service.ts';
import { purgeWorkspace, runPurgePass } from './operator-lifecycle/lifecycle.purge.ts';
import { LIFECYCLE_PAYLOADS } from './operator-lifecycle/queues.ts';
import { SELF_SIGNUP_PAYLOADS } from './self-signup/self-signup.queues.ts';
import { runSelfSignUp } from './self-signup/self-signup.service.ts';

/**
 * The main module: identity, the workspace and its organisation, users and invitations, navigation,
 * the audit log, the operator's console. It emits the core member events (core/events.ts) and
 * records invitation mails' delivery on their rows.
 */
export const mainModule = defineModule({
  name: 'main',
  api: { prefix: '/api', routes: mainService },
  auditActions: MAIN_AUDIT_ACTIONS,
  recordDelivery: deliveryRecorder,
  queues: {
    'main.contract-warnings': {
      payload: MAIN_PAYLOADS['main.contract-warnings'],
      handler: async (data, job) => void (await runContractWarnings(job, data.timeZone)),
    },
    // Issue 23: retired workspaces are purged after their grace period, each in its own job.
    'main.workspace-purge-pass': {
      payload: LIFECYCLE_PAYLOADS['main.workspace-purge-pass'],
      handler: async (_data, job) => {
        const due = await runPurgePass(job);
        job.log.info?.({ jobId: job.id, due }, 'main.workspace-purge-pass: purges queued');
      },
    },
    'main.workspace-purge': {
      payload: LIFECYCLE_PAYLOADS['main.workspace-purge'],
      handler: async (data, job) => {
        const outcome = await purgeWorkspace(job, data);
        job.log.info?.({ jobId: job.id, ...data, ...outcome }, 'main.workspace-purge');
      },
    },
    // Issue 23: one self sign-up request, decided here so that its answer tells nothing.
    'main.self-signup': {
      payload: SELF_SIGNUP_PAYLOADS['main.self-signup'],
      handler: async (data, job) => void (await runSelfSignUp(job, data)),
    },
  },
  schedules: [
    // Contract warnings (30, 7 and 1 days before the last day) at 08:00 where each workspace is.
    {
      name: 'main.contract-warnings',
      cron: '0 8 * * *',
      queue: 'main.contract-warnings',
      data: {},
      perWorkspaceZone: true,
    },
    // 03:30 in India, after the maintenance purge.
    {
      name: 'main.workspace-purge-pass',
      cron: '30 3 * * *',
      tz: 'Asia/Kolkata',
      queue: 'main.workspace-purge-pass',
      data: {},
    },
  ],
});
