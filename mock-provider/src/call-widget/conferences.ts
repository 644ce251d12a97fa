/**
 * The stand-in conference service's state: who is in which room right now. A participant is in a room while
 * their page's event stream is open; every change is told to everyone in that room.
 */
import { randomUUID } from 'node:crypto';

/** One participant as the widget pages show them. */
export interface ConferenceParticipant {
  id: string;
  /** The user id of the token that admitted them. */
  user_id: number;
  display_name: string;
  video_muted: boolean;
}

type Listener = (participants: readonly ConferenceParticipant[]) => void;

interface Room {
  participants: Map<string, ConferenceParticipant>;
  listeners: Map<string, Listener>;
}

export class Conferences {
  readonly #rooms = new Map<string, Room>();

  /** Adds a participant and tells the room (the newcomer's listener included); answers their id and `leave`. */
  join(
    roomName: string,
    person: Omit<ConferenceParticipant, 'id'>,
    listener: Listener,
  ): { id: string; leave: () => void } {
    let room = this.#rooms.get(roomName);
    if (!room) {
      room = { participants: new Map(), listeners: new Map() };
      this.#rooms.set(roomName, room);
    }
    const id = randomUUID().slice(0, 8);
    room.participants.set(id, { id, ...person });
    room.listeners.set(id, listener);
    this.#tell(room);
    let hasLeft = false;
    const joined = room;
    return {
      id,
      leave: () => {
        if (hasLeft) return;
        hasLeft = true;
        joined.participants.delete(id);
        joined.listeners.delete(id);
        if (joined.participants.size === 0) this.#rooms.delete(roomName);
        else this.#tell(joined);
      },
    };
  }

  /** Who is in a room now, in joining order. */
  participants(roomName: string): ConferenceParticipant[] {
    return [...(this.#rooms.get(roomName)?.participants.values() ?? [])];
  }

  #tell(room: Room): void {
    const list = [...room.participants.values()];
    for (const listener of room.listeners.values()) listener(list);
  }
}
