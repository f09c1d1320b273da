// One rule for every string the API accepts: no NUL or other control characters (tab, line feed and
// carriage return are text). Decided once, before any route's own schema, for path parameters, the
// query and the JSON body; multipart fields use the same check. A 400 names the field at fault.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errorBody } from "./errors";

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const controlCharacterMessage = (field: string) => `${field} contains a control character, which is not allowed.`;

/** The first field (dotted path, e.g. "billing.address1") whose text holds a control character, or null. */
export function fieldWithControlCharacter(value: unknown, root: string): string | null {
  // Walked with a stack, not recursion: a body may nest thousands of levels deep.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (CONTROL_CHARACTER.test(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push([current[i], `${path}[${i}]`]);
    } else if (current !== null && typeof current === "object") {
      for (const key of Object.keys(current)) {
        const child = path ? `${path}.${key}` : key;
        if (CONTROL_CHARACTER.test(key)) return child;
        stack.push([(current as Record<string, unknown>)[key], child]);
      }
    }
  }
  return null;
}

async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply) {
  const field =
    fieldWithControlCharacter(request.params, "") ?? fieldWithControlCharacter(request.query, "") ?? fieldWithControlCharacter(request.body, typeof request.body === "string" ? "body" : "");
  if (field !== null) return reply.status(400).send(errorBody(controlCharacterMessage(field || "The request"), 400));
}

/** Adds the rule to every route of this scope (the API). */
export function refuseControlCharactersIn(scope: FastifyInstance): void {
  scope.addHook("preValidation", refuseControlCharacters);
}
