// The raw `node:http` baseline the benchmarks compare the shop against (see bench/README.md).
//
//   node bench/baseline-server.mjs <routes.json>
//
// routes.json: { "routes": { "GET /api/data": { "status": 200, "headers": { "content-type": "..." }, "bodyBase64": "..." }, ... } }
// Each request is read to its end (the body is drained), then answered with the captured bytes, the same
// content-type and a content-length: nothing else is done per request. Listens on 127.0.0.1 only, on the
// port in $PORT (0, the default, means any free port) and prints `listening <port>` once it is ready.
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
  const body = Buffer.from(route.bodyBase64, "base64");
  routes.set(key, {
    status: route.status,
    headers: { "content-type": route.headers["content-type"], "content-length": String(body.length) },
    body,
  });
}
const notFound = Buffer.from("not found\n");

const server = http.createServer((req, res) => {
  const route = routes.get(`${req.method} ${req.url}`);
  // Read the request body fully before answering (GETs end at once).
  req.on("data", () => {});
  req.on("end", () => {
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain", "content-length": String(notFound.length) });
      res.end(notFound);
      return;
    }
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
