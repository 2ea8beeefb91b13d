import { defineModule } from '../../core/module.ts';
import { MAIN_AUDIT_ACTIONS } from './audit-actions.ts';
import { mainService } from './index.ts';
import { deliveryRecorder } from './invites/mail-state.ts';
import { MAIN_PAYLOADS } from './operator-contract/contract.queues.ts';
import { runContractWarnings } from './operator-contract/operator-contract.service.ts';

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
  ],
});
