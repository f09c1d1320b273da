import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /** Hops of reverse proxies to trust for the client address (rate limits key on it). 0 = none. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SHOP_NAME: z.string().default("Printwise Trade Print"),
  SHOP_PHONE: z.string().default("020 7946 0321"),
  SHOP_EMAIL: z.string().email().default("hello@printwise.example.com"),
  SHOP_ADDRESS: z.string().default("Unit 4, Riverside Trade Park, 12 Wharf Road, London, E15 2SU"),
  SHOP_HOURS: z.string().default("Mon-Fri 9:00-5:00, weekends closed"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  pageCache: boolean;
  trustProxyHops: number;
  smtpUrl: string | undefined;
  shop: ShopDetails;
};

export type ShopDetails = {
  name: string;
  phone: string;
  email: string;
  address: string;
  hours: string;
};

/** Parses the environment once. Throws with a readable list of every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    logLevel: c.LOG_LEVEL,
    pageCache: c.PAGE_CACHE === "on",
    trustProxyHops: c.TRUST_PROXY_HOPS,
    smtpUrl: c.SMTP_URL,
    shop: {
      name: c.SHOP_NAME,
      phone: c.SHOP_PHONE,
      email: c.SHOP_EMAIL,
      address: c.SHOP_ADDRESS,
      hours: c.SHOP_HOURS,
    },
  };
}
