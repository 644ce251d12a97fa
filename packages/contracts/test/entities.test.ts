import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as entities from '../src/entities/index.ts';
import * as rules from '../src/rules.ts';
import { entityCases } from './fixtures/entity-cases.ts';

const schemas = Object.entries(entities as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType,
);

describe('entity schemas', () => {
  it('has a fixture case for every exported schema', () => {
    const missing = schemas.map(([name]) => name).filter((name) => !(name in entityCases));
    expect(missing).toEqual([]);
  });

  it('has no fixture case for a schema that does not exist', () => {
    const names = new Set(schemas.map(([name]) => name));
    expect(Object.keys(entityCases).filter((name) => !names.has(name))).toEqual([]);
  });

  describe.each(schemas)('%s', (name, schema) => {
    const entry = entityCases[name];

    it('parses its representative payloads', () => {
      expect(entry?.valid.length).toBeGreaterThan(0);
      for (const value of entry?.valid ?? []) {
        const result = schema.safeParse(value);
        expect(result.success ? '' : z.prettifyError(result.error)).toBe('');
      }
    });

    it('rejects invalid payloads with a readable message', () => {
      expect(entry?.invalid.length).toBeGreaterThan(0);
      for (const { value, message } of entry?.invalid ?? []) {
        const result = schema.safeParse(value);
        expect(result.success).toBe(false);
        if (!result.success) expect(z.prettifyError(result.error)).toContain(message);
      }
    });
  });
});

describe('rules applied to entities', () => {
  it('tells managers, recruiters and presenters apart', () => {
    expect(rules.isManager([{ role: 'visitor' }])).toBe(false);
    expect(rules.isManager([{ role: 'event-admin' }])).toBe(true);
    expect(rules.isRecruiter([{ role: 'event-admin', mode: 'Recruiting' }])).toBe(true);
    expect(rules.isRecruiter([{ role: 'admin', mode: 'Recruiting' }])).toBe(false);
    expect(rules.isPresenterOrUp([{ role: 'presenter', room_id: 7 }], 7)).toBe(true);
    expect(rules.isPresenterOrUp([{ role: 'presenter', room_id: 7 }], 8)).toBe(false);
  });

  it('treats an event without open hours as open and checks windows otherwise', () => {
    const window = { from_timestamp: 100, to_timestamp: 200 };
    expect(rules.isEventOpen([], 0)).toBe(true);
    expect(rules.isEventOpen([window], 150)).toBe(true);
    expect(rules.isEventOpen([window], 200)).toBe(false);
  });

  it('reads typed preference values from a preference list', () => {
    const list = entities.PreferenceListSchema.parse([
      { name: 'calls', value: 'auto' },
      { name: 'login', value: { event_open_hours: [] } },
    ]);
    expect(rules.findPreference(list, 'calls')).toBe('auto');
    expect(rules.findPreference(list, 'login')).toEqual({ event_open_hours: [] });
    expect(rules.findPreference(list, 'mini_map')).toBeUndefined();
    expect(rules.isFlagOn('auto')).toBe(true);
    expect(rules.isFlagOn('no')).toBe(false);
  });

  it('lists every preference name of the spec once, theme and registration keys included', () => {
    expect(new Set(entities.PREFERENCE_NAMES).size).toBe(entities.PREFERENCE_NAMES.length);
    for (const name of [
      'help_desk_email',
      'voice_reach',
      'label_opacity',
      'color-bg-secondary',
      'EMail_Label',
      'MainTitle_Label',
    ]) {
      expect(entities.PREFERENCE_NAMES).toContain(name);
    }
    expect(Object.keys(entities.PREFERENCE_VALUE_SCHEMAS).sort()).toEqual(
      [...entities.PREFERENCE_NAMES].sort(),
    );
  });

  it('recognises the sign-up success message and room conversation ids', () => {
    expect(rules.isSignUpSuccess({ message: 'Sign up successful!' })).toBe(true);
    expect(rules.isSignUpSuccess({ message: 'Signed up' })).toBe(false);
    expect(entities.isRoomConversationId('room-7')).toBe(true);
    expect(entities.isRoomConversationId('c-42-43')).toBe(false);
  });
});
