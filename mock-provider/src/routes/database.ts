/**
 * The collaboration backend: avatar designs and meeting-room instances. A meeting belongs to the rooms whose
 * link names it (contracts' `meetingIdOfLink`); its instances are shown to whoever may enter one of them.
 */
import { mayEnterRoom, meetingIdOfLink, type databaseCalls } from '@showfloor/contracts';
import { notFound, ProviderHttpError } from '../http/errors.ts';
import { assertSameEvent, ROOM_REFUSED, viewerOf } from './shared.ts';
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

  getMeetingInstances({ query, caller, state }) {
    const meeting = state.meetings.get(query.meeting_id);
    const viewer = viewerOf(caller.user);
    // Rooms of other events do not exist for the caller: their meetings are not found either.
    const rooms = [...state.rooms.values()].filter(
      (r) =>
        meetingIdOfLink(r.link) === query.meeting_id &&
        (r.event_code === caller.user.event_code || viewer.roles.some((role) => role.role === 'admin')),
    );
    if (!meeting || rooms.length === 0) throw notFound('Meeting');
    if (!rooms.some((room) => mayEnterRoom(viewer, room))) throw new ProviderHttpError(403, ROOM_REFUSED);
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
