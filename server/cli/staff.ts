// `npm run staff -- add <email>` / `remove <email>`: staff accounts are made here and nowhere else (nobody
// can sign up as staff). On PostgreSQL the command works on the database directly; on PGlite, if the shop
// is running (it owns the data folder) the command goes to it through its control socket. It refuses to
// write to another database than the running shop's, and prints links at the shop's PUBLIC_URL.
import fs from "node:fs";
import { loadConfig } from "../config";
import { runControlCommand, sendControlCommand, type ControlAnswer, type ControlCommand } from "../control-socket";
import { checkSameDatabase, databaseIdentity, readRunningShop } from "../running-shop";

const USAGE = "Usage: npm run staff -- add <email> [--role staff|manager]\n       npm run staff -- remove <email>";

function print(answer: ControlAnswer): never {
  console.log(answer.message);
  if (answer.link) console.log(`\n  ${answer.link}\n`);
  process.exit(answer.ok ? 0 : 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const roleAt = args.indexOf("--role");
  const role = roleAt >= 0 ? args.splice(roleAt, 2)[1] : "staff";
  const [verb, email, extra] = args;
  if ((verb !== "add" && verb !== "remove") || !email || extra !== undefined || (role !== "staff" && role !== "manager") || (verb === "remove" && roleAt >= 0)) {
    console.error(USAGE);
    process.exit(2);
  }
  const command: ControlCommand = verb === "add" ? { command: "staff-add", email, role } : { command: "staff-remove", email };
  const config = loadConfig({ ...process.env, LOG_LEVEL: "silent" });
  const shop = readRunningShop(config.dataDir);
  const same = checkSameDatabase(databaseIdentity(config), shop);
  if (!same.ok) {
    console.error(same.message);
    process.exit(1);
  }
  // The link in the answer is the running shop's, at its public address, unless PUBLIC_URL says otherwise here.
  if (shop && !process.env.PUBLIC_URL) config.publicUrl = shop.publicUrl;

  if (!config.databaseUrl) {
    const answer = await sendControlCommand(config.dataDir, command);
    if (answer) print(answer);
  }
  // Only now the database and the services: sent to a running shop, the command loads none of them (about
  // 2.5 of its 3.9 s on the 2-core machine).
  const [{ createDb }, { createServices }] = await Promise.all([import("../../db/client"), import("../services")]);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = await createDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const quiet = { info() {}, warn() {}, error(obj: object, msg: string) { console.error(msg, obj); } };
  const services = createServices(db, config, { log: quiet });
  try {
    const answer = await runControlCommand(services, command);
    // The shop is not running: send the set-password email now rather than when it next starts.
    await services.emailSender.deliverDue().catch(() => {});
    await services.artworkProcessor.close();
    await services.storage.close();
    await db.close();
    print(answer);
  } catch (error) {
    await db.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
