// tus 1.0 requests for API tests (inject): create an upload for a purpose, send its bytes, read its outcome.
import type { FastifyInstance } from "fastify";
import { testClientAddress, type TestCustomer } from "./accounts";

export const TUS = { "tus-resumable": "1.0.0" };

/** Upload-Metadata: each value base64-encoded. */
export const tusMetadata = (pairs: Record<string, string>) => Object.entries(pairs).map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`).join(",");

export function tusCreate(app: FastifyInstance, customer: TestCustomer, length: number, fields: Record<string, string>) {
  return app.inject({ method: "POST", url: "/api/uploads", headers: { ...customer.auth, ...TUS, "upload-length": String(length), "upload-metadata": tusMetadata(fields) }, remoteAddress: testClientAddress() });
}

/** The upload's id from the creation's Location. */
export const tusIdOf = (location: unknown) => /\/api\/uploads\/([0-9a-f]{32})$/.exec(String(location ?? ""))![1]!;

export function tusPatch(app: FastifyInstance, customer: TestCustomer, id: string, offset: number, bytes: Buffer) {
  return app.inject({
    method: "PATCH",
    url: `/api/uploads/${id}`,
    headers: { ...customer.auth, ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    payload: bytes,
    remoteAddress: testClientAddress(),
  });
}

/** What became of the upload (GET /api/uploads/{id}), waiting up to `waitSeconds` for its completion. */
export async function tusOutcome(app: FastifyInstance, customer: TestCustomer, id: string, waitSeconds = 10) {
  const res = await app.inject({ method: "GET", url: `/api/uploads/${id}?wait=${waitSeconds}`, headers: customer.auth });
  return { statusCode: res.statusCode, view: res.json() };
}
