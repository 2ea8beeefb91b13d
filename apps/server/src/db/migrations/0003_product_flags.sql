-- The flags the product itself reads (spec: maintenance, elevateip), present and off from the start,
-- so that the operator switches them rather than having to know their names. feature_flags is
-- written only on the platform path (RLS is forced even for its owner), so this runs as that role.
SET ROLE compliance_platform;
--> statement-breakpoint
INSERT INTO feature_flags (key, value) VALUES ('maintenance', 'false'), ('elevateip', 'false') ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
RESET ROLE;
