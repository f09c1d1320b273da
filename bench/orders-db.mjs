// The order-list case needs a database with a million orders in it, which only real PostgreSQL holds in
// reasonable time: a throwaway database (print_shop_bench_<random>) is created, migrated and given its
// catalogue by the shop itself, then filled with set-based SQL (insert … select … from generate_series),
// and dropped at the end. Every row satisfies the schema's checks: totals add up, versions ≤ quantity,
// every order group has its paid checkout.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** A connected client, or null with the reason when nothing answers at `url` within a few seconds. */
export async function connectIfReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return { client, reason: null };
  } catch (error) {
    await client.end().catch(() => {});
    return { client: null, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Creates an empty database beside the one `admin` is connected to; answers its name and URL. */
export async function createBenchDatabase(admin, adminUrl) {
  const name = `print_shop_bench_${randomBytes(5).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropBenchDatabase(admin, name) {
  if (!/^print_shop_bench_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}: not a bench database`);
  await admin.query(`drop database if exists "${name}" with (force)`);
}

// One address for every synthetic order: a valid SavedAddress (domain/address.ts).
const ADDRESS = {
  first_name: "Bench",
  last_name: "Customer",
  company: "",
  address1: "12 Wharf Road",
  address2: "",
  town: "London",
  county: "",
  postcode: "E15 2SU",
  country: "United Kingdom",
  instructions: "",
};

const BULK_TABLES = ["checkouts", "order_groups", "orders"];

/** Drops the indexes that back no constraint, and the foreign keys, of `tables`; answers how to make them again. */
async function dropIndexesAndForeignKeys(client, tables) {
  const { rows: indexes } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relnamespace = 'public'::regnamespace and t.relname = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))`,
    [tables],
  );
  const { rows: foreignKeys } = await client.query(
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def
     from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'f' and t.relnamespace = 'public'::regnamespace and t.relname = any($1)`,
    [tables],
  );
  for (const fk of foreignKeys) await client.query(`alter table ${fk.table} drop constraint "${fk.name}"`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  return { indexes, foreignKeys };
}

const STATUS_BY_REMAINDER = "case g % 50 when 0 then 'Awaiting Artwork' when 1 then 'Print Ready' when 2 then 'Production' when 3 then 'Printed' when 4 then 'Dispatched' else 'Shipped' end";

/**
 * Inserts `customers` customers and `orderGroups` paid order groups (one checkout and one item each), spread
 * round-robin over the customers, one every 90 seconds back from now, then hands customer 0's orders
 * (orderGroups ÷ customers of them) to `owner`, and runs VACUUM ANALYZE so the planner has statistics and
 * autovacuum has nothing left to do during the measurement. Amounts are integer pence:
 * total = sub − promo (0) + delivery + VAT, VAT = 20% rounded half up.
 */
export async function seedOrders(url, { customers, orderGroups, owner }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const began = Date.now();
    const stepSeconds = {};
    const step = async (name, sql, params) => {
      const t0 = Date.now();
      const result = await client.query(sql, params);
      stepSeconds[name] = (Date.now() - t0) / 1000;
      return result;
    };
    await client.query("set synchronous_commit = off");
    await step(
      "users",
      `insert into users (title, firstname, lastname, email, telephone, password_hash, role, site, created_at, updated_at)
       select 'Mx', 'Bench', 'Customer ' || n, 'bench-customer-' || n || '@example.com', '07700 900123', null, 'user', 'printwise',
              now() - interval '4 years', now() - interval '4 years'
       from generate_series(0, $1::int - 1) n`,
      [customers],
    );
    await client.query(
      `create temp table bench_customers as
       select id, substring(email from '^bench-customer-([0-9]+)@')::int as n, email from users where email like 'bench-customer-%@example.com'`,
    );
    await client.query("create unique index on bench_customers (n)");
    await client.query(
      "create temp table bench_products as select id, name, slug, image, (row_number() over (order by id) - 1)::int as n from products",
    );
    const { rows: [{ count: productCount }] } = await client.query("select count(*)::int as count from bench_products");
    if (productCount === 0) throw new Error("the bench database has no products: the shop did not seed its catalogue");
    const { rows: [offsets] } = await client.query(
      "select (select coalesce(max(id), 0) from order_groups)::int as groups, (select coalesce(max(id), 0) from orders)::int as items",
    );

    await step(
      "series",
      `create temp table bench_series as
       select g, c.id as user_id, c.email, p.id as product_id, p.name as product_name, p.slug as product_slug, p.image,
              a.quantity, least(a.quantity, 1 + g % 3) as versions, a.unit_pence, a.line_pence,
              d.delivery_pence, v.vat_pence, a.line_pence + d.delivery_pence + v.vat_pence as total_pence,
              t.created_at, (t.created_at + interval '4 days')::date as delivery_date,
              ${STATUS_BY_REMAINDER} as status
       from generate_series(1, $1::int) g
       cross join lateral (select 1 + g % 10 as quantity, 250 + (g % 97) * 25 as unit_pence,
                                  (1 + g % 10) * (250 + (g % 97) * 25) as line_pence) a
       cross join lateral (select case when a.line_pence >= 5000 then 0 else 595 end as delivery_pence) d
       cross join lateral (select ((a.line_pence + d.delivery_pence) * 2 + 5) / 10 as vat_pence) v
       cross join lateral (select now() - g * interval '90 seconds' as created_at) t
       join bench_customers c on c.n = (g - 1) % $2::int
       join bench_products p on p.n = (g - 1) % $3::int`,
      [orderGroups, customers, productCount],
    );

    // PostgreSQL's advice for bulk loads: drop the secondary indexes and foreign keys, load, put them back.
    // Re-adding a foreign key checks every row in one pass, so the data are still validated.
    const deferred = await dropIndexesAndForeignKeys(client, BULK_TABLES);
    const address = JSON.stringify(ADDRESS);
    await step(
      "checkouts",
      `insert into checkouts (id, user_id, email, status, provider, provider_session_id, lines, promo_code, promo_basis_points,
                              sub_total_pence, promo_discount_pence, delivery_pence, vat_pence, total_pence, billing, delivery,
                              created_at, expires_at, order_group_id)
       select 'bench_' || g, user_id, email, 'paid', 'test', 'bench_session_' || g,
              jsonb_build_array(jsonb_build_object(
                'productId', product_id, 'productName', product_name, 'productSlug', product_slug, 'image', image,
                'quantity', quantity, 'versions', versions, 'widthMm', null, 'heightMm', null, 'orientation', null,
                'fixedSize', null, 'attributes', '[]'::jsonb, 'express', false, 'unitPence', unit_pence,
                'undiscountedLinePence', line_pence, 'tierPercent', 0, 'linePence', line_pence, 'deliveryDate', delivery_date)),
              null, 0, line_pence, 0, delivery_pence, vat_pence, total_pence, $1::jsonb, $1::jsonb,
              created_at, created_at + interval '1 hour', $2::int + g
       from bench_series`,
      [address, offsets.groups],
    );
    await step(
      "order_groups",
      `insert into order_groups (id, checkout_id, user_id, user_email, status, payment_status, payment_method, provider,
                                 provider_session_id, sub_total_pence, promo_code, promo_basis_points, promo_discount_pence,
                                 delivery_pence, vat_pence, total_pence, billing, delivery, product_ids, delivery_date, created_at, updated_at)
       select $2::int + g, 'bench_' || g, user_id, email, status, 'paid', 'card', 'test', 'bench_session_' || g,
              line_pence, null, 0, 0, delivery_pence, vat_pence, total_pence, $1::jsonb, $1::jsonb, array[product_id], delivery_date, created_at, created_at
       from bench_series`,
      [address, offsets.groups],
    );
    await step(
      "orders",
      `insert into orders (id, order_group_id, user_id, line_number, product_id, product_name, product_slug, image, quantity,
                           versions, attributes, express, unit_pence, undiscounted_line_pence, tier_percent, line_pence,
                           delivery_date, status, notes, created_at, updated_at)
       select $2::int + g, $1::int + g, user_id, 1, product_id, product_name, product_slug, image, quantity,
              versions, '[]'::jsonb, false, unit_pence, line_pence, 0, line_pence, delivery_date, status, '', created_at, created_at
       from bench_series`,
      [offsets.groups, offsets.items],
    );
    const t0 = Date.now();
    await client.query("set maintenance_work_mem = '256MB'");
    for (const index of deferred.indexes) await client.query(index.def);
    for (const fk of deferred.foreignKeys) await client.query(`alter table ${fk.table} add constraint "${fk.name}" ${fk.def}`);
    stepSeconds.indexes_and_foreign_keys = (Date.now() - t0) / 1000;
    // Explicit ids were inserted: move the sequences past them so the shop's own inserts do not collide.
    await client.query("select setval(pg_get_serial_sequence('order_groups', 'id'), (select max(id) from order_groups))");
    await client.query("select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))");

    const handed = await client.query(
      `with moved as (
         update order_groups set user_id = $1::int, user_email = $2
         where user_id = (select id from bench_customers where n = 0) returning id, checkout_id)
       , items as (update orders set user_id = $1::int where order_group_id in (select id from moved) returning id)
       , paid as (update checkouts set user_id = $1::int, email = $2 where id in (select checkout_id from moved) returning id)
       select (select count(*) from moved)::int as groups, (select count(*) from items)::int as items, (select count(*) from paid)::int as checkouts`,
      [owner.userId, owner.email],
    );
    const insertSeconds = (Date.now() - began) / 1000;

    const vacuumBegan = Date.now();
    await client.query("vacuum (analyze) users, checkouts, order_groups, orders");
    const vacuumSeconds = (Date.now() - vacuumBegan) / 1000;

    const { rows: [counts] } = await client.query(
      `select (select count(*) from users)::int as users, (select count(*) from order_groups)::int as order_groups,
              (select count(*) from orders)::int as orders, (select count(*) from checkouts)::int as checkouts,
              (select count(*) from order_groups where user_id = $1::int)::int as owner_order_groups`,
      [owner.userId],
    );
    return { insertSeconds, stepSeconds, vacuumSeconds, counts, handedToOwner: handed.rows[0] };
  } finally {
    await client.end();
  }
}
