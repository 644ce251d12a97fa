/** `view_content`: a user opened a piece of room content; passed to the room's other members. */
import { ViewContentSchema } from '@showfloor/contracts';
import { roomPassThrough } from './room-scoped.ts';

// The catalogue has no call that records content views, so nothing is stored.
export const handleViewContent = roomPassThrough('view_content', ViewContentSchema);
