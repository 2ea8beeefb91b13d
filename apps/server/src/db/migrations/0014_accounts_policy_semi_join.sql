-- The accounts policy, as a semi-join: "id IN (the workspace's member account ids)" lets the
-- planner hash the workspace's members once per query (a hashed SubPlan) instead of running the
-- EXISTS once per account row, which made the users list of a 100,000-member workspace pay 100,000
-- extra index scans. Same rows visible as before: the account itself, or a member of the workspace.
ALTER POLICY member_or_self ON accounts
  USING (id = app_current_account() OR id IN (
    SELECT m.account_id FROM memberships m WHERE m.workspace_id = app_current_workspace()))
  WITH CHECK (id = app_current_account() OR id IN (
    SELECT m.account_id FROM memberships m WHERE m.workspace_id = app_current_workspace()));
