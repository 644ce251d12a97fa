// The calls of one tab as a state machine (spec 02 §4.4): what the user does (start, answer, decline, close) and
// what the relay delivers (start and end messages) move it; what must be sent comes back as effects, so the
// machine is pure and the hook (use-call-center.ts) only performs them.
// - Start: the tab remembers its own request by the start message's client id; its start coming back with a
//   token opens the window (audio only for an audio call) and records the recipients. Other tabs of the same
//   user see the same start and leave it alone.
// - Someone else's start rings: the incoming dialog shows the first waiting offer. A second call while one is
//   ringing or running waits behind it: answering it ends the running call (an end message) and joins the new
//   one; declining it sends its end message (type video) and keeps the running call.
// - Closing the window (or hanging up inside the widget) sends an end message; an end message for a call closes
//   its window and drops its offer, whoever sent it.
// - One user, many tabs (or devices): a call rings in every tab. Answering in one tells the others
//   (`call_answered` through the relay, to this user's other tabs only) and they stop ringing for it; declining in
//   one sends the end message, which reaches the user's own tabs too and stops them ringing.
import { CALL_ACTIONS, isCallSignal, type ChatMessage, type UserSummaryInfo } from '@showfloor/contracts';
import type { CallKind } from '../../../lib/calls/call-requests.ts';

/** A call someone else started, waiting for an answer. */
export interface CallOffer {
  conversationId: string;
  kind: CallKind;
  /** This user's widget token from the start message. */
  token: string;
  /** Who called, as the start message names them. */
  caller: UserSummaryInfo;
  /** Everyone else in the call (the caller first): an end message goes to them. */
  others: number[];
}

/** The call in the window. */
export interface ActiveCall {
  conversationId: string;
  /** The call's type (of its start message); an end message carries it. */
  kind: CallKind;
  /** True for an audio call and for a call answered with audio only: the widget starts with video muted. */
  isAudioOnly: boolean;
  token: string;
  /** The other participants (an end message goes to them). */
  others: number[];
  /** What the window's header names. */
  title: string;
  /** Who called: the caller or this user. */
  isCaller: boolean;
}

/** A start this tab sent whose message has not come back yet. */
export interface OutgoingCall {
  clientId: string;
  conversationId: string;
  kind: CallKind;
  recipients: number[];
  title: string;
}

export interface CallState {
  active: ActiveCall | null;
  outgoing: OutgoingCall | null;
  /** Offers in the order they came; the dialog shows the first. */
  incoming: CallOffer[];
}

export const IDLE: CallState = { active: null, outgoing: null, incoming: [] };

export type CallEvent =
  | { type: 'request'; outgoing: OutgoingCall }
  | { type: 'requestFailed'; clientId: string }
  | { type: 'delivered'; message: ChatMessage; userId: number }
  | { type: 'answer'; isAudioOnly: boolean }
  | { type: 'decline' }
  | { type: 'close' }
  /** Another tab of this user answered the call of a conversation. */
  | { type: 'answeredElsewhere'; conversationId: string };

/** An end message to send: the call's conversation, its participants and its type. */
export interface EndEffect {
  type: 'sendEnd';
  conversationId: string;
  to: number[];
  kind: CallKind;
}

/** What to send after a transition: the start of a requested call, an end message, or 'answered here'. */
export type CallEffect =
  | EndEffect
  | { type: 'sendStart'; outgoing: OutgoingCall }
  | { type: 'sendAnswered'; conversationId: string };

export interface Transition {
  state: CallState;
  effects: CallEffect[];
}

const same = (state: CallState): Transition => ({ state, effects: [] });

function endOf(call: Pick<ActiveCall, 'conversationId' | 'others' | 'kind'>): EndEffect {
  return { type: 'sendEnd', conversationId: call.conversationId, to: call.others, kind: call.kind };
}

function onDelivered(state: CallState, message: ChatMessage, userId: number): Transition {
  if (!isCallSignal(message)) return same(state);
  const kind: CallKind = message.type === 'audio' ? 'audio' : 'video';
  const conversationId = message.conversation;
  if (message.action === CALL_ACTIONS.END) {
    const isActive = state.active?.conversationId === conversationId;
    const incoming = state.incoming.filter((offer) => offer.conversationId !== conversationId);
    if (!isActive && incoming.length === state.incoming.length) return same(state);
    return same({ ...state, active: isActive ? null : state.active, incoming });
  }
  // A start without a token cannot join the widget's room.
  if (!message.token) return same(state);
  if (message.from === userId) {
    const outgoing = state.outgoing;
    if (!outgoing || message.client_id === undefined || message.client_id !== outgoing.clientId)
      return same(state);
    const others = [...new Set(message.to.filter((id) => id !== userId))];
    return same({
      ...state,
      outgoing: null,
      active: {
        conversationId,
        kind,
        isAudioOnly: kind === 'audio',
        token: message.token,
        others,
        title: outgoing.title,
        isCaller: true,
      },
    });
  }
  if (state.active?.conversationId === conversationId) return same(state);
  const offer: CallOffer = {
    conversationId,
    kind,
    token: message.token,
    caller: message.user_summary_info ?? { id: message.from, firstname: '', lastname: '' },
    others: [message.from, ...new Set(message.to.filter((id) => id !== userId && id !== message.from))],
  };
  const at = state.incoming.findIndex((waiting) => waiting.conversationId === conversationId);
  const incoming =
    at >= 0 ? state.incoming.map((waiting, i) => (i === at ? offer : waiting)) : [...state.incoming, offer];
  return same({ ...state, incoming });
}

/** The next state and what to send. */
export function transition(state: CallState, event: CallEvent): Transition {
  switch (event.type) {
    case 'request':
      // One call at a time: a new start waits for the running call or the pending start to end.
      if (state.active || state.outgoing) return same(state);
      return {
        state: { ...state, outgoing: event.outgoing },
        effects: [{ type: 'sendStart', outgoing: event.outgoing }],
      };
    case 'requestFailed':
      if (state.outgoing?.clientId !== event.clientId) return same(state);
      return same({ ...state, outgoing: null });
    case 'delivered':
      return onDelivered(state, event.message, event.userId);
    case 'answer': {
      const [offer, ...rest] = state.incoming;
      if (!offer) return same(state);
      const name = `${offer.caller.firstname} ${offer.caller.lastname}`.trim();
      return {
        state: {
          ...state,
          incoming: rest,
          active: {
            conversationId: offer.conversationId,
            kind: offer.kind,
            isAudioOnly: event.isAudioOnly || offer.kind === 'audio',
            token: offer.token,
            others: offer.others,
            title: name,
            isCaller: false,
          },
        },
        effects: [
          ...(state.active ? [endOf(state.active)] : []),
          { type: 'sendAnswered', conversationId: offer.conversationId },
        ],
      };
    }
    case 'answeredElsewhere': {
      const incoming = state.incoming.filter((offer) => offer.conversationId !== event.conversationId);
      if (incoming.length === state.incoming.length) return same(state);
      return same({ ...state, incoming });
    }
    case 'decline': {
      const [offer, ...rest] = state.incoming;
      if (!offer) return same(state);
      // Spec 02 §4.4: a declined call's end message is of type video.
      return {
        state: { ...state, incoming: rest },
        effects: [{ type: 'sendEnd', conversationId: offer.conversationId, to: offer.others, kind: 'video' }],
      };
    }
    case 'close':
      if (!state.active) return same(state);
      return { state: { ...state, active: null }, effects: [endOf(state.active)] };
  }
}
