-- Profile-image upload URLs belong to one workspace: a token handed out on one host is not found on another.
SELECT app_enable_tenant_rls('profile_image_uploads');
