import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Processes serving the shop on this machine (node:cluster, one port). Above 1 needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** yes: DATA_DIR/files is one folder every process sees (a shared mount), so several may keep files there. */
  FILES_SHARED: z.enum(["yes", "no"]).default("no"),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** Routes that declare `config.direct` are answered by the listener ahead of the router (server/direct-routes.ts); off: by Fastify (the bench's A/B). */
  DIRECT_ROUTES: z.enum(["on", "off"]).default("on"),
  /** Hops of reverse proxies to trust for the client address (rate limits key on it). 0 = none. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** Stripe Checkout instead of the built-in test payment page (DECISIONS rule 11). */
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith("sk_", "must start with sk_").optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith("whsec_", "must start with whsec_").optional()),
  /** Another Stripe API address (a local server that speaks Stripe's protocol, in tests). */
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** A getAddress.io key for UK address lookup; unset uses the built-in lookup. */
  GETADDRESS_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  GETADDRESS_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  /** S3-compatible storage for uploaded files; unset keeps them under DATA_DIR/files. */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_REGION: z.string().default("eu-west-2"),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().url().optional()),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_PREFIX: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Largest artwork upload, in MB (decimal megabytes of 1024 × 1024 bytes). */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  SHOP_NAME: z.string().default("Printwise Trade Print"),
  SHOP_PHONE: z.string().default("020 7946 0321"),
  SHOP_EMAIL: z.string().email().default("hello@printwise.example.com"),
  SHOP_ADDRESS: z.string().default("Unit 4, Riverside Trade Park, 12 Wharf Road, London, E15 2SU"),
  SHOP_HOURS: z.string().default("Mon-Fri 9:00-5:00, weekends closed"),
  /** Printed on VAT invoices. The default is fictional. */
  SHOP_VAT_NUMBER: z.string().default("GB 000 1234 56"),
  SHOP_LEGAL_NAME: z.string().default("Printwise Trade Print Ltd"),
  /** test: a cheap argon2 cost so test suites do not spend their time hashing; refused outside NODE_ENV=test (ADR 035). */
  PASSWORD_HASH_COST: z.enum(["production", "test"]).default("production"),
}).superRefine((c, ctx) => {
  if (c.PASSWORD_HASH_COST === "test" && c.NODE_ENV !== "test") {
    ctx.addIssue({ code: "custom", path: ["PASSWORD_HASH_COST"], message: "test is allowed only with NODE_ENV=test" });
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY (webhooks are verified)" });
  }
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Processes serving the shop on this machine (WORKERS). */
  workers: number;
  logLevel: string;
  pageCache: boolean;
  directRoutes: boolean;
  trustProxyHops: number;
  smtpUrl: string | undefined;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  addressLookup: { apiKey: string | undefined; baseUrl: string | undefined };
  storage: { kind: "disk"; root: string } | { kind: "s3"; bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; accessKeyId?: string; secretAccessKey?: string; prefix?: string };
  uploadMaxBytes: number;
  /** argon2id cost for new password hashes: production's unless a test asked for the cheap one. */
  passwordHashing: PasswordHashing;
  shop: ShopDetails;
};

export type PasswordHashing = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (about 50 ms here, off the event loop). */
export const PRODUCTION_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Tests only: 1 MiB, 1 pass (well under a millisecond). Hashes still verify at any cost: the PHC string carries its own. */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

export type ShopDetails = {
  name: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
  vatNumber: string;
  legalName: string;
};

/** Parses the environment once. Throws with a readable list of every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const problems = severalProcessProblems(c);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    workers: c.WORKERS,
    logLevel: c.LOG_LEVEL,
    pageCache: c.PAGE_CACHE === "on",
    directRoutes: c.DIRECT_ROUTES === "on",
    trustProxyHops: c.TRUST_PROXY_HOPS,
    smtpUrl: c.SMTP_URL,
    stripe: c.STRIPE_SECRET_KEY ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET!, apiUrl: c.STRIPE_API_URL } : null,
    addressLookup: { apiKey: c.GETADDRESS_API_KEY, baseUrl: c.GETADDRESS_URL },
    storage: c.S3_BUCKET
      ? {
          kind: "s3",
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          forcePathStyle: c.S3_FORCE_PATH_STYLE === "true",
          ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
          ...(c.S3_ACCESS_KEY_ID ? { accessKeyId: c.S3_ACCESS_KEY_ID } : {}),
          ...(c.S3_SECRET_ACCESS_KEY ? { secretAccessKey: c.S3_SECRET_ACCESS_KEY } : {}),
          ...(c.S3_PREFIX ? { prefix: c.S3_PREFIX } : {}),
        }
      : { kind: "disk", root: path.join(path.resolve(c.DATA_DIR), "files") },
    uploadMaxBytes: c.UPLOAD_MAX_MB * 1024 * 1024,
    passwordHashing: c.PASSWORD_HASH_COST === "test" ? TEST_PASSWORD_HASHING : PRODUCTION_PASSWORD_HASHING,
    shop: {
      name: c.SHOP_NAME,
      phone: c.SHOP_PHONE,
      email: c.SHOP_EMAIL,
      address: c.SHOP_ADDRESS,
      hours: c.SHOP_HOURS,
      vatNumber: c.SHOP_VAT_NUMBER,
      legalName: c.SHOP_LEGAL_NAME,
    },
  };
}

/**
 * Several processes (WORKERS above 1) are one shop only on shared engines: PostgreSQL (PGlite belongs to
 * one process), files every process reads (S3, or a folder declared shared), and one public address for
 * the links in emails (never one process's port).
 */
function severalProcessProblems(c: z.output<typeof configSchema>): string[] {
  if (c.WORKERS <= 1) return [];
  const problems: string[] = [];
  if (!c.DATABASE_URL) problems.push(`WORKERS: ${c.WORKERS} processes need PostgreSQL (set DATABASE_URL); the embedded PGlite database serves one process only`);
  if (!c.PUBLIC_URL) problems.push("PUBLIC_URL: required when several processes serve the shop, so links in emails carry the shop's address, not a process's port");
  if (!c.S3_BUCKET && c.FILES_SHARED !== "yes") {
    problems.push("S3_BUCKET: several processes need shared file storage: set the S3_* settings, or FILES_SHARED=yes if DATA_DIR/files is one folder every process sees");
  }
  return problems;
}
