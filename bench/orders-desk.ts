// The orders desk at scale (ADR 024): seeds ORDERS order groups (default 1,000,000) into a PostgreSQL
// database with set-based SQL (bench/orders-db.mjs, then one pass giving the rows PO numbers, tracking
// numbers, postcodes, names, payment methods and express items), and measures a page of the desk for each
// search, filter and sort with 8 concurrent callers, through the service the API uses (database + query
// code; no HTTP). Run it with tsx:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> ORDERS=1000000 npx tsx bench/orders-desk.ts
// The database named by DATABASE_URL is dropped and made again: give it one of your own. With
// REUSE_DATABASE=1 a database this bench already filled (ORDERS order groups or more) is kept: it is only
// migrated (so a new migration's indexes are built on the million rows) and analysed, then measured.
// Every filter is measured under each of the three sorts.
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { createDb } from "../db/client";
import { seedIfFresh } from "../db/seed/seed";
import { orderRef } from "../domain/order-ref";
import { addWorkingDays, ukDateParts } from "../domain/delivery";
import { createOrdersDesk, type DeskCursor, type DeskFilters } from "../server/services/orders-desk";
import type { DeskSort } from "../domain/orders-desk";
// @ts-expect-error: a plain ES module of the bench, without types
import { seedOrders } from "./orders-db.mjs";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL names the database to make (it is dropped first)");
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
// The issue's figure is 8 concurrent users; CONCURRENCY=1 shows what one page costs without queueing.
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const PER_CALLER = Number(process.env.PER_CALLER ?? 50);
const REUSE = process.env.REUSE_DATABASE === "1";
// A case whose single warm call takes longer than this is measured with 2 calls per caller, not PER_CALLER.
const SLOW_MS = 1_000;

async function recreate(): Promise<void> {
  const target = new URL(url!);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  target.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/** Varies what the bulk seed made alike, with the secondary indexes off while it writes. */
async function vary(client: pg.Client): Promise<number> {
  const began = Date.now();
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname in ('order_groups', 'orders') and t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))`,
  );
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await client.query("set synchronous_commit = off");
  await client.query(`
    update order_groups set
      po_number = case when id % 7 = 0 then 'PO-' || id end,
      tracking_number = case when status in ('Dispatched', 'Shipped') then 'JD' || lpad(id::text, 12, '0') end,
      carrier = case when status in ('Dispatched', 'Shipped') then 'DPD' end,
      payment_method = case when id % 97 = 0 then 'reprint' when id % 10 = 0 then 'account' else 'card' end,
      delivery = jsonb_set(delivery, '{postcode}', to_jsonb('E' || (id % 20 + 1) || ' ' || (id % 9 + 1) || chr(65 + (id / 180) % 26) || chr(65 + (id / 4680) % 26))),
      billing = jsonb_set(billing, '{last_name}', to_jsonb('Customer' || (id % 50000)))`);
  await client.query("update orders set express = true where id % 8 = 0");
  await client.query("update order_groups g set has_express = true where exists (select 1 from orders o where o.order_group_id = g.id and o.express)");
  await client.query("set maintenance_work_mem = '256MB'");
  for (const index of indexes) await client.query(index.def);
  await client.query("vacuum (analyze) order_groups, orders");
  return (Date.now() - began) / 1000;
}

type Case = { name: string; filters: DeskFilters; sort: DeskSort; after?: DeskCursor };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function alreadyFilled(): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows: [row] } = await client.query<{ n: number }>("select count(*)::int as n from order_groups");
    return (row?.n ?? 0) >= ORDERS;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const reuse = REUSE && (await alreadyFilled());
  if (!reuse) await recreate();
  const handle = await createDb({ dataDir: "/tmp/unused", databaseUrl: url });
  await seedIfFresh(handle.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  if (reuse) {
    const began = Date.now();
    await client.query("vacuum (analyze) order_groups, orders");
    console.log(`Reusing the ${ORDERS.toLocaleString("en-GB")} orders already there (migrated; vacuumed and analysed in ${((Date.now() - began) / 1000).toFixed(1)} s)`);
  } else {
    await seedAndVary(client);
  }
  await measure(handle, client);
  await client.end();
  await handle.close();
}

async function seedAndVary(client: pg.Client) {
  const { rows: [owner] } = await client.query<{ id: number; email: string }>(
    `insert into users (title, firstname, lastname, email, telephone, password_hash, role, site) values ('Mx', 'Bench', 'Owner', 'bench-owner@example.com', '07700 900123', null, 'user', 'printwise') returning id, email`,
  );
  console.log(`Seeding ${ORDERS.toLocaleString("en-GB")} orders…`);
  const seed = await seedOrders(url, { customers: 10_000, orderGroups: ORDERS, owner: { userId: owner!.id, email: owner!.email } });
  console.log(`  inserted in ${seed.insertSeconds.toFixed(1)} s (${JSON.stringify(seed.counts)})`);
  const varySeconds = await vary(client);
  console.log(`  varied and re-indexed in ${varySeconds.toFixed(1)} s`);
}

async function measure(handle: Awaited<ReturnType<typeof createDb>>, client: pg.Client) {
  const { rows: [sample] } = await client.query(
    `select id, user_email, po_number, delivery ->> 'postcode' as postcode, billing ->> 'last_name' as last_name from order_groups where po_number is not null order by id desc limit 1 offset 1000`,
  );
  const { rows: [shipped] } = await client.query(`select tracking_number from order_groups where tracking_number is not null order by id limit 1 offset 5000`);
  const { rows: [product] } = await client.query(`select product_id from orders group by product_id order by count(*) limit 1`);
  const today = ukDateParts(new Date()).isoDate;
  const desk = createOrdersDesk(handle.db);
  const week = { placedFrom: addWorkingDays(today, -60), placedTo: addWorkingDays(today, -55) };
  const searches: Case[] = [
    { name: "sort placed (newest first)", filters: {}, sort: "placed" },
    { name: "sort dispatch-by (soonest first)", filters: {}, sort: "dispatch" },
    { name: "sort total (largest first)", filters: {}, sort: "total" },
    { name: "search: reference", filters: { q: orderRef(sample.id) }, sort: "placed" },
    { name: "search: order number", filters: { q: String(sample.id) }, sort: "placed" },
    { name: "search: email", filters: { q: sample.user_email }, sort: "placed" },
    { name: "search: name", filters: { q: "bench customer12345" }, sort: "placed" },
    { name: "search: surname", filters: { q: sample.last_name }, sort: "placed" },
    { name: "search: postcode", filters: { q: sample.postcode.replace(" ", "").toLowerCase() }, sort: "placed" },
    { name: "search: PO number", filters: { q: sample.po_number.toLowerCase() }, sort: "placed" },
    { name: "search: tracking number", filters: { q: shipped.tracking_number }, sort: "placed" },
  ];
  const filters: { name: string; filters: DeskFilters }[] = [
    { name: "status Print Ready", filters: { status: "Print Ready" } },
    { name: "status Printed", filters: { status: "Printed" } },
    { name: "product (least ordered)", filters: { productId: product.product_id } },
    { name: "payment account", filters: { payment: "account" } },
    { name: "payment reprint", filters: { payment: "reprint" } },
    { name: "turnaround express", filters: { turnaround: "express" } },
    { name: "turnaround standard", filters: { turnaround: "standard" } },
    { name: "placed between (a week)", filters: week },
    { name: "dispatch-by day", filters: { dispatchBy: addWorkingDays(today, -30) } },
    { name: "late", filters: { urgency: "late" } },
    { name: "at risk", filters: { urgency: "at-risk" } },
    { name: "late or at risk", filters: { urgency: "late-or-at-risk" } },
    // Today's "Artwork awaited over a working day" link (ADR 044) opens this view.
    { name: "Awaiting Artwork placed before yesterday", filters: { status: "Awaiting Artwork", placedTo: addWorkingDays(today, -1) } },
  ];
  const sortWords: Record<DeskSort, string> = { placed: "", dispatch: ", by dispatch-by", total: ", by total" };
  const filtered: Case[] = (["placed", "dispatch", "total"] as const).flatMap((sort) =>
    filters.map((f) => ({ name: `filter: ${f.name}${sortWords[sort]}`, filters: f.filters, sort })),
  );
  // A page deep in the list: the 200th page of the default sort, by cursor.
  let cursor: DeskCursor | null = null;
  for (let i = 0; i < 200; i++) cursor = (await desk.page({}, "placed", 50, cursor ?? undefined)).next;
  const cases: Case[] = [...searches, ...filtered, { name: "sort placed, page 200 (keyset)", filters: {}, sort: "placed", after: cursor! }];

  const results: { name: string; rows: number; p50: number; p99: number; max: number; calls: number }[] = [];
  for (const c of cases) {
    const warm = performance.now();
    const rows = (await desk.page(c.filters, c.sort, 50, c.after)).orders.length;
    const perCaller = performance.now() - warm > SLOW_MS ? 2 : PER_CALLER;
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = 0; i < perCaller; i++) {
          const t0 = performance.now();
          await desk.page(c.filters, c.sort, 50, c.after);
          times.push(performance.now() - t0);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const result = { name: c.name, rows, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)!, calls: times.length };
    results.push(result);
    console.log(`${c.name.padEnd(58)} rows ${String(rows).padStart(3)}  p50 ${result.p50.toFixed(1).padStart(7)} ms  p99 ${result.p99.toFixed(1).padStart(7)} ms${perCaller === PER_CALLER ? "" : `  (slow: ${result.calls} calls)`}`);
  }
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" / ")} (1 / 5 / 15 min)`);
  const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  const over = results.filter((r) => r.p99 > 50);
  console.log(`\n${ORDERS.toLocaleString("en-GB")} orders, ${CONCURRENCY} concurrent callers × ${PER_CALLER} pages each; worst p99 ${worst.p99.toFixed(1)} ms (${worst.name}); target p99 ≤ 50 ms: ${over.length === 0 ? "met" : `NOT met by ${over.length} of ${results.length} cases`}`);
}

await main();
