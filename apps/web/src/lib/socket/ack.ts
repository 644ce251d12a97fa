// Checks a relay acknowledgement against the contracts' schema. socket-registry.ts loads this module on the
// first acknowledged emit, so the login route, which never emits, does not load the schema library.
import { AckSchema, type Ack } from '@showfloor/contracts';

export function parseAck(answer: unknown): Ack | undefined {
  const parsed = AckSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
}
