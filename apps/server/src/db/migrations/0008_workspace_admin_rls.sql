-- Department managers belong to one workspace.
SELECT app_enable_tenant_rls('department_managers');
