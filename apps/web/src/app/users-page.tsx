import { InviteDialog } from '../features/invitations/invite-dialog.tsx';
import { UsersPage as Page } from '../features/users/users.page.tsx';

/** `/users` as the app composes it: the users page with the invitations feature's dialog behind its "Invite user". */
export function UsersPage() {
  return <Page InviteDialog={InviteDialog} />;
}
