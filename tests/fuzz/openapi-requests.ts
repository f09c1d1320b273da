// Hostile requests for one operation of the app's own OpenAPI document, as fast-check arbitraries.
// Each case is mostly the operation's own shape (so it gets past the first check and reaches the code
// behind it) with hostile values in it: boundary numbers, wrong types, huge and unicode strings, NUL and
// other control characters, `__proto__` keys, deep nesting, odd path segments, bodies that are not
// JSON, wrong content types and broken multipart. Nothing here knows a route: a new route is fuzzed
// from its schema the day it is added. The caller's own ids (`known`, by parameter or property name) stand
// in path segments, queries and bodies often enough that most cases pass the ownership check, and a
// multipart route is sent its declared parts (declare({ form })) with hostile files and file names.
import fc from "fast-check";
import type { MultipartForm } from "../../server/api/declare";
import { HOSTILE_FILE_NAMES } from "./hostile-files";

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: { in: "path" | "query" | "header" | "cookie"; name: string; schema?: JsonSchema }[];
  /** The JSON body's schema, when the operation declares one. */
  jsonBody: JsonSchema | null;
  /** Its declared multipart parts (from the route table), when it takes a form. */
  form?: MultipartForm | null;
};

/** The caller's own values by parameter or property name (`orderId: [12, 13]`). */
export type Known = Record<string, readonly (string | number)[]>;

/** Files a multipart case may carry, by what they are (a real picture, a blank-page PDF, …). */
export type FuzzFiles = Record<string, { contentType: string; data: Buffer }>;

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the case is, for the failure message. */
  shape: string;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, { parameters?: Operation["parameters"]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
};

/** Every operation of the document, in document order. */
export function operationsOf(document: unknown): Operation[] {
  const doc = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!["get", "head", "post", "put", "patch", "delete"].includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: op.requestBody?.content?.["application/json"]?.schema ?? null,
      });
    }
  }
  return operations;
}

const CONTROL = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"];
const BOUNDARY_NUMBERS = [0, -1, 1, 2_147_483_647, 2_147_483_648, 4_294_967_296, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e15, 1e308, -1e308, 0.5, 1e-7, -0];
const BOUNDARY_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "2147483648",
  "99999999999999999999",
  "1e15",
  "NaN",
  "Infinity",
  "null",
  "true",
  "__proto__",
  "constructor",
  "../../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "\u202e\u0646\u0635",
  "👍🏽漢字ẞ",
  "a\u0000b",
  "\ud800",
];

/** Strings meant to hurt: boundaries, unicode, control characters anywhere, and very long ones. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_STRINGS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 12 }))
      .map(([a, c, b]) => `${a}${c}${b}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => "x".repeat(n)) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, including `__proto__` keys and nesting far deeper than any real body. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "toString"), fc.jsonValue({ maxDepth: 2 })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 50, max: 3_000 }).map((depth) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
      return value;
    }),
  },
  { weight: 2, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}

/** A plausible value for the schema, with a fair chance of a hostile one in its place. */
export function valueFor(schema: JsonSchema | undefined, depth = 0, known: Known = {}): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileJson;
  const recurse = (sub: JsonSchema | undefined) => valueFor(sub, depth + 1, known);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => recurse(v)));
  if (schema.allOf && schema.allOf.length > 0) return recurse(schema.allOf[0]);
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: hostileJson });
  if (schema.enum && schema.enum.length > 0) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString });
  const types = typesOf(schema);
  const plausible: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === "string") plausible.push(plausibleString(schema));
    else if (type === "integer") plausible.push(fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 2_147_483_647) }));
    else if (type === "number") plausible.push(fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 10_000, noNaN: true, noDefaultInfinity: true }));
    else if (type === "boolean") plausible.push(fc.boolean());
    else if (type === "null") plausible.push(fc.constant(null));
    else if (type === "array") plausible.push(fc.array(recurse(schema.items), { maxLength: 4 }));
    else if (type === "object") plausible.push(objectFor(schema, depth, known));
  }
  if (plausible.length === 0 && schema.properties) plausible.push(objectFor(schema, depth, known));
  if (plausible.length === 0) return hostileJson;
  const hostile = types.includes("string") ? fc.oneof(hostileString, hostileJson) : types.some((t) => t === "integer" || t === "number") ? fc.oneof(hostileNumber, hostileJson) : hostileJson;
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...plausible) }, { weight: 1, arbitrary: hostile });
}

function plausibleString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "email") return fc.oneof(fc.emailAddress(), hostileString);
  const max = Math.min(schema.maxLength ?? 40, 60);
  return fc.oneof(fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }), fc.constantFrom(...BOUNDARY_STRINGS));
}

function objectFor(schema: JsonSchema, depth: number, known: Known): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) model[name] = withKnown(known[name], valueFor(sub, depth + 1, known));
  const requiredKeys = Object.keys(properties).filter((k) => required.has(k));
  const record = fc.record(model, { requiredKeys: requiredKeys.length > 0 ? requiredKeys : [] });
  // Now and then a key the schema does not know, or a prototype key, rides along.
  return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom("__proto__", "constructor", "extra", "userId"), hostileJson), { freq: 5 })).map(([value, extra]) => {
    if (!extra) return value;
    const withExtra = { ...(value as object) } as Record<string, unknown>;
    Object.defineProperty(withExtra, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return withExtra;
  });
}

/** Percent-encodes, writing a lone surrogate as the raw bytes a broken client would send (%ED%A0%80). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

/** The caller's own value for a name most of the time (so the case passes the ownership check), else `other`. */
function withKnown<T>(own: readonly (string | number)[] | undefined, other: fc.Arbitrary<T>): fc.Arbitrary<T | string | number> {
  if (!own || own.length === 0) return other;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: other });
}

/** A path segment: one of the caller's own ids (most often), an id-like number or a hostile string. */
function pathSegment(name: string, known: Known): fc.Arbitrary<string> {
  const hostile = fc.oneof(
    hostileString.filter((s) => s.length < 5_000).map(encode),
    hostileNumber.map((n) => String(n)),
    fc.constantFrom("%", "%E0%A4%A", "..", "%2e%2e", "%00", "1%00", "00000000001", "0x10", "1.0", "-0"),
  );
  return withKnown(known[name], hostile).map((value) => (typeof value === "number" ? String(value) : known[name]?.includes(value) ? encodeURIComponent(value) : value));
}

const MULTIPART_BOUNDARY = "----fuzzboundary7MA4YWxk";

type BodyShape = { shape: string; contentType: string | null; payload: string | Buffer | undefined };

const bodyShapes = (op: Operation, known: Known, files: FuzzFiles): fc.Arbitrary<BodyShape> => {
  const json = op.jsonBody ? valueFor(op.jsonBody, 0, known) : hostileJson;
  if (op.form) {
    // A form route: mostly its own parts, now and then anything else.
    return fc.oneof(
      { weight: 12, arbitrary: declaredForm(op.form, known, files) },
      { weight: 1, arbitrary: json.map((value) => ({ shape: "json", contentType: "application/json", payload: safeStringify(value) })) },
      { weight: 1, arbitrary: fc.constant({ shape: "no body", contentType: null, payload: undefined }) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom("with boundary", "no boundary", "cut short", "empty"), fc.uint8Array({ maxLength: 400 }), hostileString)
          .map(([kind, bytes, field]) => multipart(kind, Buffer.from(bytes), field)),
      },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: json.map((value) => ({ shape: "json", contentType: "application/json", payload: safeStringify(value) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ shape: "broken json", contentType: "application/json", payload: `{"a": ${text}` })) },
    { weight: 1, arbitrary: hostileString.map((text) => ({ shape: "text/plain", contentType: "text/plain", payload: text })) },
    { weight: 1, arbitrary: fc.constant({ shape: "form", contentType: "application/x-www-form-urlencoded", payload: "a=1&b=%00&__proto__=x" }) },
    { weight: 1, arbitrary: fc.constant({ shape: "no body", contentType: null, payload: undefined }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom("with boundary", "no boundary", "cut short", "empty"), fc.uint8Array({ maxLength: 400 }), hostileString)
        .map(([kind, bytes, field]) => multipart(kind, Buffer.from(bytes), field)),
    },
  );
};

function multipart(kind: string, bytes: Buffer, field: string): { shape: string; contentType: string; payload: Buffer } {
  const head = Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n${field.slice(0, 2_000)}\r\n` +
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${field.slice(0, 40).replace(/["\r\n]/g, "")}.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`);
  if (kind === "no boundary") return { shape: "multipart without boundary", contentType: "multipart/form-data", payload: Buffer.concat([head, bytes, tail]) };
  if (kind === "cut short") return { shape: "multipart cut short", contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: Buffer.concat([head, bytes]) };
  if (kind === "empty") return { shape: "empty multipart", contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: Buffer.alloc(0) };
  return { shape: "multipart", contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, payload: Buffer.concat([head, bytes, tail]) };
}

/** Text for a form field: what such a field holds (numbers, sizes, dates, choices), the caller's own ids, or hostile text. */
const formValue = (name: string, known: Known): fc.Arbitrary<string> =>
  withKnown(
    known[name],
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("1", "2", "3", "304", "1200", "0", "-1", "2147483648", "custom", "Portrait", "Landscape", "Custom", "2027-01-15", "2026-13-45", "Flags", "2 m", "") },
      { weight: 2, arbitrary: hostileString.map((text) => text.slice(0, 2_000)) },
    ),
  ).map(String);

const PART_BOUNDARY = "----fuzzform9ZxQ2wLk";

/** A multipart body of the route's declared parts: each field present or not, each file one of `files` under an ordinary or hostile name. */
function declaredForm(form: MultipartForm, known: Known, files: FuzzFiles): fc.Arbitrary<BodyShape> {
  const kinds = Object.keys(files);
  const fileName = fc.oneof({ weight: 2, arbitrary: fc.constantFrom('filename="artwork.pdf"', 'filename="photo.jpg"') }, { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_FILE_NAMES) });
  const fields = fc.record(Object.fromEntries(form.fields.map((name) => [name, formValue(name, known)])), { requiredKeys: [] });
  // The first file field is nearly always sent (it is the one the route is for); the others now and then.
  const sent = fc.tuple(...form.files.map((name, i) => (i === 0 ? fc.option(fc.tuple(fc.constant(name), fc.constantFrom(...kinds), fileName), { freq: 8 }) : fc.option(fc.tuple(fc.constant(name), fc.constantFrom(...kinds), fileName), { freq: 2 }))));
  return fc.tuple(fields, sent).map(([values, chosen]) => {
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(values)) chunks.push(Buffer.from(`--${PART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    const kindsSent: string[] = [];
    for (const file of chosen) {
      if (!file) continue;
      const [name, kind, disposition] = file;
      kindsSent.push(`${name}=${kind}`);
      chunks.push(Buffer.from(`--${PART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; ${disposition}\r\nContent-Type: ${files[kind]!.contentType}\r\n\r\n`), files[kind]!.data, Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${PART_BOUNDARY}--\r\n`));
    return { shape: `form (${kindsSent.join(", ") || "no file"})`, contentType: `multipart/form-data; boundary=${PART_BOUNDARY}`, payload: Buffer.concat(chunks) };
  });
}

/** JSON.stringify that survives what it cannot write (very deep values become a plain string). */
function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return '"unserialisable"';
  }
}

/** Hostile requests for one operation. `known` offers the caller's own values for names of path and query parameters and body properties; `files` what a form's file parts carry. */
export function requestsFor(op: Operation, known: Known = {}, files: FuzzFiles = {}): fc.Arbitrary<FuzzRequest> {
  const pathNames = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const segments = fc.tuple(...pathNames.map((name) => pathSegment(name, known)));
  const query = fc.record(Object.fromEntries(queryParams.map((p) => [p.name, withKnown(known[p.name], valueFor(p.schema, 0, known))])), { requiredKeys: [] });
  const hasBody = op.method !== "GET" && op.method !== "DELETE";
  const usable = op.form && Object.keys(files).length > 0 ? op : { ...op, form: null };
  const body = hasBody ? bodyShapes(usable, known, files) : fc.constant<BodyShape>({ shape: "none", contentType: null, payload: undefined });
  return fc.tuple(segments, query, body).map(([values, q, b]) => {
    let url = op.path;
    pathNames.forEach((name, i) => {
      url = url.replace(`{${name}}`, values[i] ?? "1");
    });
    const search = Object.entries(q)
      .map(([k, v]) => `${encode(k)}=${encode(typeof v === "string" ? v : safeStringify(v))}`)
      .join("&");
    if (search) url += `?${search}`;
    const headers: Record<string, string> = {};
    if (b.contentType) headers["content-type"] = b.contentType;
    return { method: op.method, url, headers, payload: b.payload, shape: b.shape };
  });
}
