-- Lists at scale (issue 11): the users list's sort and search keys live on the membership, kept in
-- step with the account by triggers, so that a page is an index scan of its own rows and a search
-- a trigram index scan. The application never writes these columns. pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner creates it; PGlite loads it as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_first" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_last" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a users search matches, one field after another, separated by the unit separator (chr 31,
-- taken out of the fields): "first last", email, username, employee id, contact number (missing
-- ones empty). Field n is split_part(search_text, chr(31), n). A field that contains the search
-- text makes this text contain it, so a trigram match on it narrows the rows; the query then
-- matches the chosen fields exactly.
CREATE OR REPLACE FUNCTION app_user_search_text(
  first_name text, last_name text, email text, username text, employee_id text, contact_number text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(chr(31),
                 replace(first_name || ' ' || last_name, chr(31), ' '), replace(coalesce(email, ''), chr(31), ' '),
                 replace(coalesce(username, ''), chr(31), ' '), replace(coalesce(employee_id, ''), chr(31), ' '),
                 replace(coalesce(contact_number, ''), chr(31), ' ')) $$;
--> statement-breakpoint
-- Computes a membership's list keys from its account on every insert and update, whatever the
-- statement set (so they cannot be written by hand). Runs as the platform role: the account of a
-- membership being inserted is not yet visible to the workspace under the accounts policy.
CREATE OR REPLACE FUNCTION app_membership_list_keys() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  SELECT lower(a.first_name), lower(a.last_name),
         app_user_search_text(a.first_name, a.last_name, a.email, a.username, NEW.employee_id, a.contact_number)
    INTO NEW.sort_first, NEW.sort_last, NEW.search_text
    FROM accounts a WHERE a.id = NEW.account_id;
  IF NOT FOUND THEN -- no such account: the foreign key refuses the row
    NEW.sort_first := ''; NEW.sort_last := ''; NEW.search_text := '';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- When an account's name, email, username or number changes, its memberships in every workspace
-- are touched so that the trigger above recomputes their keys. Runs as the platform role: a person
-- renaming themselves changes memberships that the current workspace cannot see.
CREATE OR REPLACE FUNCTION app_account_list_keys() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE memberships SET search_text = '' WHERE account_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The account ids of the current workspace's members whose search text contains `pattern` (an
-- ILIKE pattern), by the trigram index. A function run as the platform role because row-level
-- security keeps a non-leakproof operator such as ILIKE from being used as an index condition on
-- a table under a policy (the planner must apply the policy first), which made every search a
-- scan of the workspace. It reads the current workspace only (as the memberships policy does) and
-- answers ids the workspace can already see with the text it can already see.
CREATE OR REPLACE FUNCTION app_member_search(pattern text) RETURNS TABLE (account_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT m.account_id FROM memberships m
         WHERE m.workspace_id = app_current_workspace() AND m.search_text ILIKE pattern $$;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_membership_list_keys() OWNER TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_account_list_keys() OWNER TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_member_search(text) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
--> statement-breakpoint
CREATE TRIGGER memberships_list_keys BEFORE INSERT OR UPDATE ON memberships
  FOR EACH ROW EXECUTE FUNCTION app_membership_list_keys();
--> statement-breakpoint
CREATE TRIGGER accounts_list_keys AFTER UPDATE OF first_name, last_name, email, username, contact_number ON accounts
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.username IS DISTINCT FROM NEW.username
        OR OLD.contact_number IS DISTINCT FROM NEW.contact_number)
  EXECUTE FUNCTION app_account_list_keys();
--> statement-breakpoint
-- Existing memberships (RLS is forced even for the owner, so as the platform role).
SET ROLE compliance_platform;
--> statement-breakpoint
UPDATE memberships SET search_text = '';
--> statement-breakpoint
RESET ROLE;
--> statement-breakpoint
CREATE INDEX "memberships_sort_idx" ON "memberships" USING btree ("workspace_id","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_search_idx" ON "memberships" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The accounts policy back to a per-row EXISTS (0002's form; 0014 made it a semi-join): the users
-- list now picks its page on memberships alone and joins only the page's accounts, for which one
-- index probe per row is far cheaper than hashing every member of the workspace (which took
-- 30-60 ms per query at 100,000 members). Same rows visible: the account itself, or a member.
ALTER POLICY member_or_self ON accounts
  USING (id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = accounts.id AND m.workspace_id = app_current_workspace()))
  WITH CHECK (id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = accounts.id AND m.workspace_id = app_current_workspace()));
