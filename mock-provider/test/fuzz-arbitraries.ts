/**
 * fast-check arbitraries built from JSON Schemas (the OpenAPI document's input schemas, generated from the
 * catalogue): mostly well-formed values near the schema's edges, mixed with values that break it.
 */
import fc from 'fast-check';

type Schema = Record<string, unknown>;

/** Strings that hit the provider's rules and lookups (fixture ids, prefixes, paths, limits). */
const INTERESTING_STRINGS = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '-1',
  'DEMO',
  'VIP',
  'CLOSED',
  'demo-sso',
  'helpbot',
  'expo-hall',
  'conv-1',
  'room-1',
  'temp-1',
  'msg-1',
  'ada@demo.test',
  'poster.png',
  '../etc/passwd',
  '<script>alert(1)</script>',
  'true',
  'null',
  '{}',
  '%00',
  'ü✓😀',
  'a'.repeat(2001),
];

/** Values that reach the rules behind validation, by property name (fixture users, events, ids). */
const HINTS: Record<string, readonly unknown[]> = {
  email: ['ada@demo.test', 'grace@demo.test', 'vera@demo.test', 'new.user@demo.test'],
  username: ['ada@demo.test', 'grace@demo.test'],
  password: ['Showfloor2026', 'wrong-password'],
  new_password: ['Showfloor2027'],
  event_code: ['DEMO', 'VIP', 'CLOSED'],
  access_code: ['VIP-2026'],
  provider: ['demo-sso'],
  bot_name: ['helpbot'],
  bot: ['helpbot'],
  meeting_id: ['expo-hall', 'talk-stage'],
  breakout_group: ['A', 'B'],
  conversation_id: ['conv-1', 'room-1', 'temp-1'],
  filename: ['poster.png', 'banner.png', 'mini-map.png', 'user-manual.pdf', 'item-mug.png', 'demo-sso.png'],
  coords: ['1,2,3,4', '10,10,5', '0,0,10,0,10,10'],
  link: ['https://meet.showfloor.example/meeting/new'],
  external_link: ['https://media.showfloor.example/x.mp4'],
  name: ['helpbot', 'booth-a', 'room_chat', 'calls', 'Lobby'],
  tag_name: ['Mathematics', 'C#'],
  path: ['pictures/1-1000.png'],
  phoneNumber: ['+49 30 1234567'],
  message: ['Hello there, this is a question.', 'hello'],
};

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 53, '', [], {}),
  fc.string({ maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
);

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 40) : 40;
  const choices: Array<fc.Arbitrary<string>> = [
    fc.string({ maxLength: max }),
    fc.constantFrom(...INTERESTING_STRINGS),
  ];
  if (schema.format === 'email') choices.push(fc.emailAddress());
  if (schema.format === 'uri')
    // fc.webUrl() is slow; a small URL shape covers the schemes and hosts the rules look at.
    choices.push(
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'ftp', 'javascript'),
          fc.constantFrom('example.org', 'meet.showfloor.example', 'localhost:8080', ''),
          fc.string({ maxLength: 8 }),
        )
        .map(([scheme, host, path]) => `${scheme}://${host}/${encodeURIComponent(path)}`),
    );
  if (typeof schema.pattern === 'string' && /\\d/.test(schema.pattern))
    choices.push(fc.integer({ min: 0, max: 2e12 }).map(String));
  return fc.oneof(...choices);
}

/** Values for a JSON Schema: `depth` bounds nesting; `key` (the property name) adds fixture values. */
export function valueFor(schema: Schema | undefined, depth = 0, key?: string): fc.Arbitrary<unknown> {
  const hints = key ? HINTS[key] : undefined;
  if (hints)
    return fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...hints) },
      { weight: 1, arbitrary: valueFor(schema, depth) },
    );
  if (!schema || depth > 4) return junk;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0)
    return fc.oneof(...variants.map((v) => valueFor(v, depth + 1)));
  if ('const' in schema)
    return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: junk });
  if (Array.isArray(schema.enum))
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(schema.enum as unknown[])) },
      { weight: 1, arbitrary: junk },
    );
  const type = Array.isArray(schema.type)
    ? (schema.type as string[])
    : schema.type
      ? [schema.type as string]
      : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => valueFor({ ...schema, type: t }, depth)));
  switch (type[0]) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 8 }) },
        { weight: 1, arbitrary: fc.integer({ min: -1000, max: 2 ** 31 }) },
      );
    case 'number':
      return fc.oneof(
        fc.integer({ min: -10, max: 1000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items as Schema | undefined, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const keys = Object.keys(properties);
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, valueFor(properties[k], depth + 1, k)])),
        {
          requiredKeys: keys.filter((k) => required.has(k)),
        },
      );
      return fc.oneof(
        { weight: 6, arbitrary: record },
        {
          weight: 1,
          arbitrary: record.chain((r) =>
            fc.record({ unexpected: junk }).map((extra) => ({ ...r, ...extra })),
          ),
        },
        { weight: 1, arbitrary: junk },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A query-string or path value: how a URL carries a generated value. */
export function asUrlText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
