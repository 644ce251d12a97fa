// Checks a relay acknowledgement against its topic's schema in the contracts. registry.ts loads this module on
// the first acknowledged emit, so the login route, which never emits, does not load the schema library.
import { ackSchemaOf, type ClientEmit, type EmitAck } from '@showfloor/contracts';

export function parseAck<T extends ClientEmit>(topic: T, answer: unknown): EmitAck<T> | undefined {
  const parsed = ackSchemaOf(topic).safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}
