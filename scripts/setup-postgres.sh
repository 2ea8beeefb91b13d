#!/usr/bin/env bash
# Makes sure a local PostgreSQL server runs and holds the application's roles and database:
#   compliance_owner     LOGIN, owns the database and the tables, runs migrations (not superuser);
#                        CREATEDB so that the test suite can make one database per test file
#   compliance_app       NOLOGIN, what every workspace request queries as (row-level security applies)
#   compliance_platform  NOLOGIN BYPASSRLS, the one audited path for operator work across workspaces
#   compliance_case_clock NOLOGIN BYPASSRLS, owns the few functions case jobs read metadata through (no content)
# Prints the DATABASE_URL to use. Needs root (or the postgres OS user) on this machine.
set -euo pipefail
DB_NAME="${DB_NAME:-compliance}"
PGPORT="${PGPORT:-5432}"
as_postgres() { if [ "$(id -un)" = postgres ]; then "$@"; else su postgres -c "$(printf '%q ' "$@")"; fi; }

if ! command -v psql >/dev/null 2>&1 || ! ls /etc/postgresql >/dev/null 2>&1; then
  echo "Installing PostgreSQL from Debian's packages..." >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
if ! pg_isready -h 127.0.0.1 -p "$PGPORT" -q; then
  version=$(ls /etc/postgresql | sort -n | tail -1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p "$PGPORT" -q && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p "$PGPORT" -q || { echo "PostgreSQL is not accepting connections on 127.0.0.1:$PGPORT" >&2; exit 1; }

as_postgres psql -v ON_ERROR_STOP=1 -q -h 127.0.0.1 -p "$PGPORT" -d postgres >&2 <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_owner') THEN
    CREATE ROLE compliance_owner LOGIN NOSUPERUSER NOBYPASSRLS CREATEDB NOCREATEROLE;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_app') THEN
    CREATE ROLE compliance_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_platform') THEN
    CREATE ROLE compliance_platform NOLOGIN NOSUPERUSER BYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'compliance_case_clock') THEN
    CREATE ROLE compliance_case_clock NOLOGIN NOSUPERUSER BYPASSRLS;
  END IF;
END
\$\$;
GRANT compliance_app TO compliance_owner;
GRANT compliance_platform TO compliance_owner;
GRANT compliance_case_clock TO compliance_owner;
SQL
if ! as_postgres psql -h 127.0.0.1 -p "$PGPORT" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'" | grep -q 1; then
  as_postgres psql -v ON_ERROR_STOP=1 -q -h 127.0.0.1 -p "$PGPORT" -d postgres -c "CREATE DATABASE \"$DB_NAME\" OWNER compliance_owner" >&2
fi
echo "postgres://compliance_owner@127.0.0.1:$PGPORT/$DB_NAME"
