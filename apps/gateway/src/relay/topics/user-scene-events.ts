/** `user_scene_events`: what a user did in a room's scene; passed to the room's other members. */
import { SceneEventSchema } from '@showfloor/contracts';
import { roomPassThrough } from './room-scoped.ts';

// The catalogue has no call that records scene events, so nothing is stored.
export const handleUserSceneEvents = roomPassThrough('user_scene_events', SceneEventSchema);
