// The raw `node:http` baseline the benchmarks compare the shop against (see bench/README.md): it answers
// the bytes captured from the shop and does nothing else a request could be spared, so shop ÷ baseline is
// the cost of everything the shop adds (routing, hooks, validation, database, rendering, logging).
//
//   node bench/baseline-server.mjs <routes.json>
//
// routes.json: { "routes": { "<METHOD> <url>": route } } where a route is
//   { "jsonBody": bool,                      read the request body to its end and JSON.parse it (400 if it is not JSON)
//     "etag": string | null,                 If-None-Match equal to it → 304 with `notModifiedHeaders`, no body
//     "notModifiedHeaders": { ... },
//     "variants": { "<Accept-Encoding value as sent, '' for none>": { "status", "headers", "bodyBase64" } } }
// A request whose Accept-Encoding has no variant of its own gets the '' (identity) one. Each answer has the
// captured headers plus a content-length. Listens on 127.0.0.1 only, on $PORT (0, the default, means any
// free port) and prints `listening <port>` once it is ready.
import fs from "node:fs";
import http from "node:http";

const file = process.argv[2];
if (!file) {
  console.error("usage: node bench/baseline-server.mjs <routes.json>");
  process.exit(2);
}

const spec = JSON.parse(fs.readFileSync(file, "utf8"));
const routes = new Map();
for (const [key, route] of Object.entries(spec.routes ?? {})) {
  const variants = new Map();
  for (const [encoding, answer] of Object.entries(route.variants)) {
    const body = Buffer.from(answer.bodyBase64, "base64");
    variants.set(encoding, { status: answer.status, headers: { ...answer.headers, "content-length": String(body.length) }, body });
  }
  if (!variants.has("")) throw new Error(`${key}: no identity ('') variant`);
  routes.set(key, {
    jsonBody: route.jsonBody === true,
    etag: route.etag ?? null,
    notModifiedHeaders: route.notModifiedHeaders ?? {},
    variants,
  });
}

function send(res, status, headers, body) {
  res.writeHead(status, headers);
  res.end(body);
}

const notFound = Buffer.from("not found\n");
const notJson = Buffer.from("the request body is not JSON\n");

const server = http.createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`);
  const chunks = [];
  req.on("data", (chunk) => {
    if (route?.jsonBody) chunks.push(chunk);
  });
  req.on("end", () => {
    if (!route) return send(res, 404, { "content-type": "text/plain", "content-length": String(notFound.length) }, notFound);
    if (route.jsonBody) {
      try {
        JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return send(res, 400, { "content-type": "text/plain", "content-length": String(notJson.length) }, notJson);
      }
    }
    if (route.etag !== null && req.headers["if-none-match"] === route.etag) return send(res, 304, route.notModifiedHeaders);
    const answer = route.variants.get(req.headers["accept-encoding"] ?? "") ?? route.variants.get("");
    send(res, answer.status, answer.headers, answer.body);
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});

for (const name of ["SIGINT", "SIGTERM"]) {
  process.on(name, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
