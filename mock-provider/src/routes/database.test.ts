import { describe, expect, it } from 'vitest';
import { AvatarListSchema, RoomInstancesSchema } from '@showfloor/contracts';
import { demoHarness } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

describe('collaboration backend', () => {
  const { h, tokens } = demoHarness({ ada: 'ada@demo.test' });

  it("lists the event's avatars with an event code and the platform's without", async () => {
    const event = AvatarListSchema.parse(
      (await h.call('database', 'getAvatars', { token: tokens.ada, query: { event_code: 'DEMO' } })).body,
    );
    expect(event.avatars.map((a) => [a.name, a.default])).toEqual([
      ['Demo Blue', true],
      ['Demo Orange', false],
      ['Demo Violet', false],
    ]);
    expect(event.avatars[0]?.thumbnail).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const platform = AvatarListSchema.parse(
      (await h.call('database', 'getAvatars', { token: tokens.ada })).body,
    );
    expect(platform.avatars.map((a) => a.name)).toEqual(['Classic', 'Explorer']);
    expect(
      (await h.call('database', 'getAvatars', { token: tokens.ada, query: { event_code: 'VIP' } })).status,
    ).toBe(403);
    expect((await h.call('database', 'getAvatars')).status).toBe(401);
  });

  it('answers meeting instances by meeting id and breakout group', async () => {
    const expo = RoomInstancesSchema.parse(
      (
        await h.call('database', 'getMeetingInstances', {
          token: tokens.ada,
          query: { meeting_id: 'expo-hall' },
        })
      ).body,
    );
    expect(expo).toEqual({
      instances: [
        { instance: 'Expo Hall A', users: 12 },
        { instance: 'Expo Hall B', users: 3 },
      ],
      maxUsers: 25,
    });
    const stage = RoomInstancesSchema.parse(
      (
        await h.call('database', 'getMeetingInstances', {
          token: tokens.ada,
          query: { meeting_id: 'talk-stage' },
        })
      ).body,
    );
    expect(stage.instances.map((i) => i.instance)).toEqual(['Talk Stage']);
    const groupA = RoomInstancesSchema.parse(
      (
        await h.call('database', 'getMeetingInstances', {
          token: tokens.ada,
          query: { meeting_id: 'talk-stage', breakout_group: 'A' },
        })
      ).body,
    );
    expect(groupA.instances.map((i) => i.instance)).toEqual(['Breakout A']);
    const unknownGroup = RoomInstancesSchema.parse(
      (
        await h.call('database', 'getMeetingInstances', {
          token: tokens.ada,
          query: { meeting_id: 'talk-stage', breakout_group: 'Z' },
        })
      ).body,
    );
    expect(unknownGroup.instances.map((i) => i.instance)).toEqual(['Talk Stage']);
    expect(
      (await h.call('database', 'getMeetingInstances', { token: tokens.ada, query: { meeting_id: 'nope' } }))
        .status,
    ).toBe(404);
    expect(
      (await h.call('database', 'getMeetingInstances', { token: tokens.ada, query: { meeting_id: ' ' } }))
        .status,
    ).toBe(400);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('database')).toEqual([]);
  });
});
