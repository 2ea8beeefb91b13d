-- The flags the product itself reads (spec: maintenance, elevateip), present and off from the start,
-- so that the operator switches them rather than having to know their names.
INSERT INTO feature_flags (key, value) VALUES ('maintenance', 'false'), ('elevateip', 'false') ON CONFLICT (key) DO NOTHING;
