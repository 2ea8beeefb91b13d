import { defineModule } from '../../core/module.ts';
import { MAIN_AUDIT_ACTIONS } from './audit-actions.ts';
import { mainService } from './index.ts';
import { deliveryRecorder } from './invites/mail-state.ts';

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
});
