import type { TWorkspaceUser } from '@app/contract';

/** How a user is named in the table and in messages: full name, else email, username or phone. */
export function displayName(
  u: Pick<TWorkspaceUser, 'firstName' | 'lastName' | 'userEmail' | 'username' | 'contactNumber'>,
) {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return name || u.userEmail || u.username || u.contactNumber || '—';
}
