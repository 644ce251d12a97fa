// The tab's calls (spec 02 §4.4): listens to the chat topic for start and end messages, provides the call starter
// the chat's buttons use (lib/calls/call-requests.ts), runs the state machine (utils/call-machine.ts) and sends
// what it asks for through the relay. Background music (the settings' stored flag) is muted while a call is open
// and restored after, also when the tab was reloaded during the call.
import { useEffect, useMemo } from 'react';
import { getI18n } from 'react-i18next';
import {
  CALL_ACTIONS,
  RELAY_EVENTS,
  STORAGE_KEYS,
  chatTopic,
  type ChatMessage,
  type ChatTopic,
  type CurrentUser,
} from '@showfloor/contracts';
import { createExternalStore } from '../../../lib/external-store.ts';
import { provideCallStarter, type CallRequest } from '../../../lib/calls/call-requests.ts';
import { readFlag, writeFlag } from '../../../lib/shell/stored-flags.ts';
import { emitWithAck } from '../../../lib/socket/registry.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { toast } from '../../../lib/ui/notify.ts';
import { IDLE, transition, type CallEvent, type CallEffect, type CallState } from '../utils/call-machine.ts';

/** Session key: the music was on when a call muted it (restored when the call ends, or after a reload). */
const MUSIC_MUTED_KEY = 'showfloor.callMutedMusic';
/** How long a start may take to come back after its acknowledgement before the request counts as failed. */
const START_RETURN_MS = 15_000;

let callSeq = 0;
/** A client id for a start message (the relay's idempotency key; the tab knows its own start by it). */
function newClientId(): string {
  callSeq += 1;
  return `call-${Date.now().toString(36)}-${callSeq}-${Math.random().toString(36).slice(2, 8)}`;
}

function muteMusic(): void {
  if (!readFlag(STORAGE_KEYS.BACKGROUND_MUSIC, true)) return;
  window.sessionStorage.setItem(MUSIC_MUTED_KEY, '1');
  writeFlag(STORAGE_KEYS.BACKGROUND_MUSIC, false);
}

function restoreMusic(): void {
  if (window.sessionStorage.getItem(MUSIC_MUTED_KEY) === null) return;
  window.sessionStorage.removeItem(MUSIC_MUTED_KEY);
  writeFlag(STORAGE_KEYS.BACKGROUND_MUSIC, true);
}

export interface CallCenter {
  state: CallState;
  answer(isAudioOnly: boolean): void;
  decline(): void;
  /** Closes the call window (or the widget said the user hung up): the others get an end message. */
  close(): void;
}

/** What the controller needs from the tab: the relay, and how to tell the user a start failed. */
export interface CallControllerDeps {
  topic: ChatTopic;
  userId: number;
  emit: typeof emitWithAck;
  onStartFailed(reason: string | undefined): void;
}

/** The machine with its effects performed (one per signed-in user and tab). */
export class CallController {
  readonly store = createExternalStore<CallState>(IDLE);
  readonly #deps: CallControllerDeps;
  readonly #timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(deps: CallControllerDeps) {
    this.#deps = deps;
  }

  run(event: CallEvent): void {
    const next = transition(this.store.get(), event);
    if (next.state !== this.store.get()) this.store.set(next.state);
    for (const effect of next.effects) this.#perform(effect);
  }

  dispose(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #perform(effect: CallEffect): void {
    const { topic, userId, emit } = this.#deps;
    if (effect.type === 'sendAnswered') {
      // The user's other tabs stop ringing; a tab that misses it rings on until the call ends, as before.
      void emit(RELAY_EVENTS.CALL_ANSWERED, { user_id: userId, conversation_id: effect.conversationId }).then(
        (ack) => {
          if (ack?.statusCode !== 200) console.warn('calls: the other tabs were not told of the answer', ack);
        },
      );
      return;
    }
    if (effect.type === 'sendEnd') {
      void emit(topic, {
        type: effect.kind,
        action: CALL_ACTIONS.END,
        message: '',
        from: userId,
        to: effect.to,
        conversation: effect.conversationId,
        timestamp: String(Date.now()),
      }).then((ack) => {
        if (ack?.statusCode !== 200) console.warn('calls: the end message was not delivered', ack);
      });
      return;
    }
    const { outgoing } = effect;
    void emit(topic, {
      type: outgoing.kind,
      action: CALL_ACTIONS.START,
      message: '',
      from: userId,
      to: outgoing.recipients,
      conversation: outgoing.conversationId,
      timestamp: String(Date.now()),
      client_id: outgoing.clientId,
    }).then((ack) => {
      if (ack?.statusCode === 200) {
        // The start comes back through the relay with the widget token, normally before this acknowledgement.
        const timer = setTimeout(() => {
          this.#timers.delete(timer);
          if (this.store.get().outgoing?.clientId === outgoing.clientId) this.#fail(outgoing.clientId);
        }, START_RETURN_MS);
        this.#timers.add(timer);
        return;
      }
      this.#fail(outgoing.clientId, ack?.statusCode === 400 ? ack.message : undefined);
    });
  }

  #fail(clientId: string, reason?: string): void {
    this.run({ type: 'requestFailed', clientId });
    this.#deps.onStartFailed(reason);
  }
}

/** A failed start, told in the UI language of the moment. */
function showStartFailure(reason: string | undefined): void {
  const i18n = getI18n();
  toast({
    title: i18n.t('calls:failed.title'),
    message: reason ?? i18n.t('calls:failed.message'),
    tone: 'error',
  });
}

export function useCallCenter(user: CurrentUser): CallCenter {
  const topic = chatTopic(user.event_code);
  const userId = user.id;
  const controller = useMemo(
    () => new CallController({ topic, userId, emit: emitWithAck, onStartFailed: showStartFailure }),
    [topic, userId],
  );
  useEffect(() => () => controller.dispose(), [controller]);
  const state = controller.store.useValue();

  useServerEvent(topic, (message: ChatMessage) => controller.run({ type: 'delivered', message, userId }));
  useServerEvent(RELAY_EVENTS.CALL_ANSWERED, ({ user_id: answeredBy, conversation_id: conversationId }) => {
    if (answeredBy === userId) controller.run({ type: 'answeredElsewhere', conversationId });
  });

  useEffect(
    () =>
      provideCallStarter((request: CallRequest) =>
        controller.run({
          type: 'request',
          outgoing: {
            clientId: newClientId(),
            conversationId: request.conversationId,
            kind: request.kind,
            recipients: [...request.recipients],
            title: request.title,
          },
        }),
      ),
    [controller],
  );

  // Background music: muted while a call is open, restored after (spec 02 §4.4).
  const isInCall = state.active !== null;
  useEffect(() => {
    if (!isInCall) {
      restoreMusic();
      return undefined;
    }
    muteMusic();
    return restoreMusic;
  }, [isInCall]);

  return useMemo(
    () => ({
      state,
      answer: (isAudioOnly: boolean) => controller.run({ type: 'answer', isAudioOnly }),
      decline: () => controller.run({ type: 'decline' }),
      close: () => controller.run({ type: 'close' }),
    }),
    [state, controller],
  );
}
