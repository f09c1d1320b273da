-- What the shop's own role may do: read and write the rows, nothing more (ADR 046, docs/deploy.md).
-- Run by the role that owns the database and ran `npm run db:migrate`, once, after the first migration:
--   psql "$OWNER_DATABASE_URL" -v app_role=printshop_app -f db/app-role.sql
-- The default privileges give the app role the tables and sequences later migrations make, so an upgrade
-- needs no second run. The role must exist (CREATE ROLE printshop_app LOGIN PASSWORD '…', as a superuser).
\set ON_ERROR_STOP on
grant connect on database :"DBNAME" to :"app_role";
grant usage on schema public, drizzle to :"app_role";
grant select, insert, update, delete on all tables in schema public to :"app_role";
grant usage, select on all sequences in schema public to :"app_role";
-- The shop reads which migrations are applied, to start without making any.
grant select on drizzle.__drizzle_migrations to :"app_role";
alter default privileges in schema public grant select, insert, update, delete on tables to :"app_role";
alter default privileges in schema public grant usage, select on sequences to :"app_role";
