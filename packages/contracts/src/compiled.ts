/**
 * Compiled twins of schemas, for the gateway's hot paths (every chat message is parsed twice: the client's
 * payload and the provider's answer). `z.compile` generates one function per schema that checks a value and
 * builds the output in one pass, where the schema's own parse allocates a `{value, issues}` record for every
 * field and array element it visits. Only a valid value takes that path: anything it does not accept goes to
 * the schema's own parse, so refusals and their issues are the schema's (test/compiled.test.ts holds the twins
 * of the relay's schemas to their originals). A schema zod cannot compile comes back as it is.
 *
 * Server side only, hence its own entry (`@showfloor/contracts/compiled`, which the web app never imports):
 * compiling uses `new Function`, which a browser's content security policy may forbid, and zod's compiler
 * would weigh on its bundle. Compiled on first use, once per schema.
 */
import { z } from 'zod';

const twins = new WeakMap<z.ZodType, z.ZodType>();

/** The compiled twin of `schema` (made on the first call, then the same object). */
export function compiledSchema<S extends z.ZodType>(schema: S): S {
  let twin = twins.get(schema);
  if (!twin) {
    twin = z.compile(schema);
    twins.set(schema, twin);
  }
  return twin as S;
}
