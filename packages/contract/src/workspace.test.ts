import { describe, expect, it } from 'vitest';
import {
  AREAS_IN_PROGRESS,
  BUILT_AREAS,
  isPermissionBuilt,
  offeredAreas,
  WHITE_LABEL_AREAS,
  ZConcernedAuthorityInput,
} from './workspace.ts';

describe('built areas', () => {
  it('lists known areas only; the permissions of unbuilt areas are not built', () => {
    for (const area of BUILT_AREAS) expect(WHITE_LABEL_AREAS).toContain(area);
    expect(isPermissionBuilt('users.manage')).toBe(true);
    expect(BUILT_AREAS).toContain('lms');
    expect(isPermissionBuilt('courses.manage')).toBe(true);
    expect(isPermissionBuilt('learning.view')).toBe(true);
    expect(isPermissionBuilt('complaints.file')).toBe(
      BUILT_AREAS.includes('cms') && !AREAS_IN_PROGRESS.includes('cms'),
    );
  });

  it('offers every built area not in progress: complaints since filing and case handling exist (issue 26)', () => {
    expect(BUILT_AREAS).toContain('cms');
    expect(AREAS_IN_PROGRESS).not.toContain('cms');
    expect(offeredAreas()).toContain('cms');
    expect(offeredAreas()).toContain('lms');
    expect(offeredAreas({ cms: false })).not.toContain('cms');
    expect(isPermissionBuilt('workflows.manage')).toBe(true);
    expect(isPermissionBuilt('complaints.file')).toBe(true);
    expect(isPermissionBuilt('complaints.manage')).toBe(true);
  });
});

describe('the concerned authority as set', () => {
  const ok = { name: 'Asha', designation: null, email: null, phone: '+91 (98123) 45678' };
  it('needs a name and one way to reach them (the phone is read in the workspace country by the server)', () => {
    expect(ZConcernedAuthorityInput.parse(ok).phone).toBe('+91 (98123) 45678');
    expect(ZConcernedAuthorityInput.safeParse({ ...ok, phone: 'x'.repeat(33) }).success).toBe(false);
    expect(ZConcernedAuthorityInput.safeParse({ ...ok, phone: null }).success).toBe(false);
    expect(ZConcernedAuthorityInput.safeParse({ ...ok, phone: null, email: 'ic@example.com' }).success).toBe(true);
    expect(ZConcernedAuthorityInput.safeParse({ ...ok, name: ' ' }).success).toBe(false);
  });
});
