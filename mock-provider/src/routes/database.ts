/** The collaboration backend: avatar designs and meeting-room instances. */
import type { databaseCalls } from '@showfloor/contracts';
import { notFound } from '../http/errors.ts';
import { assertSameEvent } from './shared.ts';
import type { HandlerTable } from './types.ts';

export const databaseHandlers: HandlerTable<typeof databaseCalls> = {
  getAvatars({ query, caller, state }) {
    let eventCode: string | null = null;
    if (query.event_code !== undefined) {
      const event = state.eventByCode(query.event_code);
      if (!event) throw notFound('Event');
      assertSameEvent(caller, event.code);
      eventCode = event.code;
    }
    const avatars = [...state.avatars.values()]
      .filter((a) => a.event_code === eventCode)
      .map((a) => ({ id: a.id, name: a.name, thumbnail: a.thumbnail, default: a.is_default }));
    return { avatars };
  },

  getMeetingInstances({ query, state }) {
    const meeting = state.meetings.get(query.meeting_id);
    if (!meeting) throw notFound('Meeting');
    // A breakout group sees its own instances when it has any, otherwise the common ones.
    const own = query.breakout_group
      ? meeting.instances.filter((i) => i.breakout_group === query.breakout_group)
      : [];
    const chosen = own.length > 0 ? own : meeting.instances.filter((i) => i.breakout_group === null);
    return {
      instances: chosen.map((i) => ({ instance: i.instance, users: i.users })),
      maxUsers: meeting.max_users,
    };
  },
};
