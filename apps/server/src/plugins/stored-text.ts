import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { messages, notices } from "@admissions/shared";
import { BadRequestError, ValidationError } from "../errors.js";

/**
 * Characters PostgreSQL cannot store: NUL (refused in text and in jsonb) and half of a surrogate
 * pair, which JSON.stringify writes as an escape that jsonb refuses. Both pass every schema, and
 * the database's refusal came mid-request as a 500 (a draft, a form's caste, a user name in a query).
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Objects a parser made from text (JSON's plain objects, the query string parser's prototype-less
 * ones); a file's bytes or a stream are not text and are not looked into.
 */
function isParsedTree(value: object): boolean {
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== "function";
}

/**
 * How deep a request's data may nest. The deepest the app sends is a mark row of the form (three
 * levels: the form, its rows, a row);
 * JSON.parse takes thousands, which overflowed the stack of this walk (and, in a draft, of the jsonb
 * writer's JSON.stringify) as a 500.
 */
const MAX_DEPTH = 32;

/**
 * The keys down to the first text in the tree that holds such a character (a key may be one), or
 * undefined. The path is put together only once one is found: a saved form is some 100 texts, and
 * making each one's path as it went took twice as long (12 against 5 µs a form).
 */
function unstorableKeys(value: unknown, depth = 0): string[] | undefined {
  if (typeof value === "string") return UNSTORABLE.test(value) ? [] : undefined;
  if (typeof value !== "object" || value === null || !isParsedTree(value)) return undefined;
  if (depth === MAX_DEPTH) throw new BadRequestError(notices.bodyTooDeep);
  // The parsers' objects have no inherited keys to enumerate.
  for (const key in value) {
    if (UNSTORABLE.test(key)) return [key];
    const found = unstorableKeys((value as Record<string, unknown>)[key], depth + 1);
    if (found !== undefined) return [key, ...found];
  }
  return undefined;
}

/** Refuses such a request, or one nested deeper than any form, with 400 before any handler reads it. */
export const storedTextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const keys = unstorableKeys(part);
      if (keys !== undefined) throw new ValidationError([{ field: keys.join("."), message: messages.textUnstorable }]);
    }
  });
});
