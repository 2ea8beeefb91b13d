SELECT app_enable_tenant_rls('email_templates');
