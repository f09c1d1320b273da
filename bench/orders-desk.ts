// The orders desk at scale (ADR 024): seeds ORDERS order groups (default 1,000,000) into a PostgreSQL
// database with set-based SQL (bench/orders-db.mjs, then one pass giving the rows PO numbers, tracking
// numbers, postcodes, names, payment methods and express items), and measures a page of the desk for each
// search, filter and sort with 8 concurrent callers, through the service the API uses (database + query
// code; no HTTP). Run it with tsx:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> ORDERS=1000000 npx tsx bench/orders-desk.ts
// The database named by DATABASE_URL is dropped and made again: give it one of your own.
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
const CONCURRENCY = 8;
const PER_CALLER = Number(process.env.PER_CALLER ?? 50);

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
  await client.query("set maintenance_work_mem = '256MB'");
  for (const index of indexes) await client.query(index.def);
  await client.query("vacuum (analyze) order_groups, orders");
  return (Date.now() - began) / 1000;
}

type Case = { name: string; filters: DeskFilters; sort: DeskSort; after?: DeskCursor };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  await recreate();
  const handle = await createDb({ dataDir: "/tmp/unused", databaseUrl: url });
  await seedIfFresh(handle.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: [owner] } = await client.query<{ id: number; email: string }>(
    `insert into users (title, firstname, lastname, email, telephone, password_hash, role, site) values ('Mx', 'Bench', 'Owner', 'bench-owner@example.com', '07700 900123', null, 'user', 'printwise') returning id, email`,
  );
  console.log(`Seeding ${ORDERS.toLocaleString("en-GB")} orders…`);
  const seed = await seedOrders(url, { customers: 10_000, orderGroups: ORDERS, owner: { userId: owner!.id, email: owner!.email } });
  console.log(`  inserted in ${seed.insertSeconds.toFixed(1)} s (${JSON.stringify(seed.counts)})`);
  const varySeconds = await vary(client);
  console.log(`  varied and re-indexed in ${varySeconds.toFixed(1)} s`);

  const { rows: [sample] } = await client.query(
    `select id, user_email, po_number, delivery ->> 'postcode' as postcode, billing ->> 'last_name' as last_name from order_groups where po_number is not null order by id desc limit 1 offset 1000`,
  );
  const { rows: [shipped] } = await client.query(`select tracking_number from order_groups where tracking_number is not null order by id limit 1 offset 5000`);
  const { rows: [product] } = await client.query(`select product_id from orders group by product_id order by count(*) limit 1`);
  const today = ukDateParts(new Date()).isoDate;
  const desk = createOrdersDesk(handle.db);
  const week = { placedFrom: addWorkingDays(today, -60), placedTo: addWorkingDays(today, -55) };
  const base: Case[] = [
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
    { name: "filter: status Print Ready", filters: { status: "Print Ready" }, sort: "placed" },
    { name: "filter: product (least ordered)", filters: { productId: product.product_id }, sort: "placed" },
    { name: "filter: payment account", filters: { payment: "account" }, sort: "placed" },
    { name: "filter: payment reprint", filters: { payment: "reprint" }, sort: "placed" },
    { name: "filter: turnaround express", filters: { turnaround: "express" }, sort: "placed" },
    { name: "filter: turnaround standard", filters: { turnaround: "standard" }, sort: "placed" },
    { name: "filter: placed between (a week)", filters: week, sort: "placed" },
    { name: "filter: dispatch-by day", filters: { dispatchBy: addWorkingDays(today, -30) }, sort: "placed" },
    { name: "filter: late", filters: { urgency: "late" }, sort: "placed" },
    { name: "filter: at risk", filters: { urgency: "at-risk" }, sort: "placed" },
    { name: "filter: late or at risk, by dispatch-by", filters: { urgency: "late-or-at-risk" }, sort: "dispatch" },
    { name: "filter: status Printed, by total", filters: { status: "Printed" }, sort: "total" },
    { name: "filter: placed between, by dispatch-by", filters: week, sort: "dispatch" },
  ];
  // A page deep in the list: the 200th page of the default sort, by cursor.
  let cursor: DeskCursor | null = null;
  for (let i = 0; i < 200; i++) cursor = (await desk.page({}, "placed", 50, cursor ?? undefined)).next;
  const cases: Case[] = [...base, { name: "sort placed, page 200 (keyset)", filters: {}, sort: "placed", after: cursor! }];

  const results: { name: string; rows: number; p50: number; p99: number; max: number }[] = [];
  for (const c of cases) {
    const rows = (await desk.page(c.filters, c.sort, 50, c.after)).orders.length; // warm
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = 0; i < PER_CALLER; i++) {
          const t0 = performance.now();
          await desk.page(c.filters, c.sort, 50, c.after);
          times.push(performance.now() - t0);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const result = { name: c.name, rows, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
    results.push(result);
    console.log(`${c.name.padEnd(44)} rows ${String(rows).padStart(3)}  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms`);
  }
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(1)).join(" / ")} (1 / 5 / 15 min)`);
  const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  console.log(`\n${ORDERS.toLocaleString("en-GB")} orders, ${CONCURRENCY} concurrent callers × ${PER_CALLER} pages each; worst p99 ${worst.p99.toFixed(1)} ms (${worst.name}); target p99 ≤ 50 ms: ${worst.p99 <= 50 ? "met" : "NOT met"}`);
  await client.end();
  await handle.close();
}

await main();
