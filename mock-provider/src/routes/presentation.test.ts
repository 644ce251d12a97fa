import { describe, expect, it } from 'vitest';
import { AgendaListSchema } from '@showfloor/contracts';
import { demoHarness, errorOf } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

describe('presentation (agenda) service', () => {
  const { h, tokens } = demoHarness({ ada: 'ada@demo.test', erin: 'erin@demo.test' });

  it('answers the agenda by event, room and presenter', async () => {
    const event = AgendaListSchema.parse(
      (
        await h.call('presentation', 'getAgenda', {
          token: tokens.ada,
          query: { type: 'event', event_code: 'DEMO' },
        })
      ).body,
    );
    expect(event.agenda.map((e) => e.title)).toEqual([
      'Opening keynote',
      'Booth tour',
      'Hiring panel',
      'Meet the makers',
      'Kernel live demo',
      'Day two welcome',
      'Hardware hacking workshop',
      'Career clinic',
      'Closing remarks',
    ]);
    const room = AgendaListSchema.parse(
      (
        await h.call('presentation', 'getAgenda', {
          token: tokens.ada,
          query: { type: 'room', event_code: 'DEMO', id: 3 },
        })
      ).body,
    );
    expect(room.agenda.map((e) => e.title)).toEqual([
      'Opening keynote',
      'Hiring panel',
      'Day two welcome',
      'Closing remarks',
    ]);
    const presenter = AgendaListSchema.parse(
      (
        await h.call('presentation', 'getAgenda', {
          token: tokens.ada,
          query: { type: 'presenter', event_code: 'DEMO', id: 4 },
        })
      ).body,
    );
    expect(presenter.agenda.map((e) => e.title)).toEqual([
      'Hiring panel',
      'Career clinic',
      'Closing remarks',
    ]);
    const noId = await h.call('presentation', 'getAgenda', {
      token: tokens.ada,
      query: { type: 'room', event_code: 'DEMO' },
    });
    expect(errorOf(noId).message).toBe('id is required for type room.');
    const badType = await h.call('presentation', 'getAgenda', {
      token: tokens.ada,
      query: { type: 'week', event_code: 'DEMO' },
    });
    expect(errorOf(badType).message).toContain('type must be event, room or presenter');
  });

  it('adds, changes and removes presentations for managers', async () => {
    const body = {
      title: 'Lightning talks',
      description: 'Five minutes each.',
      presenter_ids: [3],
      start_timestamp: h.now + 3600_000,
      end_timestamp: h.now + 7200_000,
    };
    expect(
      (await h.call('presentation', 'createPresentation', { token: tokens.ada, params: { id: 4 }, body }))
        .status,
    ).toBe(403);
    const created = await h.call('presentation', 'createPresentation', {
      token: tokens.erin,
      params: { id: 4 },
      body,
    });
    expect(created.body).toMatchObject({ room_id: 4, event_code: 'DEMO', title: 'Lightning talks' });
    const id = (created.body as { id: number }).id;
    const backwards = await h.call('presentation', 'updatePresentation', {
      token: tokens.erin,
      params: { id },
      body: { end_timestamp: h.now },
    });
    expect(errorOf(backwards).message).toBe('start_timestamp must be before end_timestamp');
    const moved = await h.call('presentation', 'updatePresentation', {
      token: tokens.erin,
      params: { id },
      body: { room_id: 3, title: 'Lightning talks II' },
    });
    expect(moved.body).toMatchObject({ id, room_id: 3, title: 'Lightning talks II' });
    const badPresenter = await h.call('presentation', 'createPresentation', {
      token: tokens.erin,
      params: { id: 4 },
      body: { ...body, presenter_ids: [6] },
    });
    expect(badPresenter.status).toBe(404);
    expect(
      (await h.call('presentation', 'deletePresentation', { token: tokens.erin, params: { id } })).status,
    ).toBe(200);
    expect(
      (await h.call('presentation', 'deletePresentation', { token: tokens.erin, params: { id } })).status,
    ).toBe(404);
    expect(
      (
        await h.call('presentation', 'updatePresentation', {
          token: tokens.erin,
          params: { id: 1 },
          body: {},
        })
      ).status,
    ).toBe(400);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('presentation')).toEqual([]);
  });
});
