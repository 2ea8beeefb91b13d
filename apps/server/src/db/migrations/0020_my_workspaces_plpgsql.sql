-- app_my_workspaces() (0002_rls) as PL/pgSQL: a SQL function that cannot be inlined (SECURITY
-- DEFINER) has its query parsed and planned on every call, while PL/pgSQL keeps the plan for the
-- connection. It is read on every page load (GET /api/user/details): measured with pgbench, the
-- details read went from 3,060 to 6,570 per second (docs/request-path.md). Same rows, same order.
CREATE OR REPLACE FUNCTION app_my_workspaces()
  RETURNS TABLE (
    workspace_id uuid, workspace_url text, company_name text, bulk_sign_up_enabled boolean,
    role text, designation text, employee_id text, branch_id uuid, branch_name text,
    department_id uuid, department_name text, is_default boolean, active boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY
    SELECT w.id, w.host, w.company_name, w.bulk_sign_up_enabled, m.role, m.designation, m.employee_id,
           b.id, b.name, d.id, d.name, m.is_default, m.active
      FROM memberships m
      JOIN workspaces w ON w.id = m.workspace_id AND w.active
      LEFT JOIN branches b ON b.workspace_id = m.workspace_id AND b.id = m.branch_id
      LEFT JOIN departments d ON d.workspace_id = m.workspace_id AND d.id = m.department_id
     WHERE m.account_id = app_current_account()
     ORDER BY m.is_default DESC, w.company_name;
  END
  $$;
--> statement-breakpoint
ALTER FUNCTION app_my_workspaces() OWNER TO compliance_platform;
