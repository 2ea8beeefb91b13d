/**
 * Permissions of the areas not built yet (learning, policies, the compliance register, complaints):
 * the matrix hides their rows, so that an administrator does not switch on something that leads
 * nowhere. Each area's issue takes its permissions out of this list when the area arrives.
 */
// TODO(merge): use the shared built-areas list
export const UNBUILT_AREA_PERMISSIONS: readonly string[] = [
  'learning.view',
  'courses.manage',
  'policies.view',
  'policies.manage',
  'compliance.manage',
  'complaints.file',
  'complaints.manage',
];
