/**
 * Call successes: every catalogue call that succeeds through the gateway (a tRPC procedure, or an upload
 * through the file proxy) is announced once, typed by its catalogue entry, for what it triggers elsewhere —
 * the relay's effects table (`relay/effects.ts`: logout, profile_picture_change, user_access_change,
 * user_recruiting_status).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CallOutput, CallParsedInput, ServiceGroup } from '@showfloor/contracts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import type { CallName, CallOf, ServiceKey } from '../provider/client.ts';
import { ROUTER_KEY_OF_SERVICE } from './router-keys.ts';

/** A catalogue call's address, `service.name`: e.g. 'user.deactivateUser', 'presentation.listPresentations'. */
export type CallKey = { [S in ServiceKey]: `${S}.${CallName<S>}` }[ServiceKey];

/** The catalogue entry of a call key. */
export type CallOfKey<K extends CallKey> = K extends `${infer S extends ServiceKey}.${infer N}`
  ? N extends CallName<S>
    ? CallOf<S, N>
    : never
  : never;

/** A catalogue call that succeeded through the gateway. */
export interface CallSucceeded<K extends CallKey = CallKey> {
  /** The catalogue address. */
  key: K;
  /** Router key (auth, conversation, event, businesscard, agenda, content, user, database). */
  router: (typeof ROUTER_KEY_OF_SERVICE)[ServiceGroup];
  /** Catalogue call name, e.g. `signin`. */
  name: string;
  /** The call's flat input, parsed with its catalogue schema. */
  input: CallParsedInput<CallOfKey<K>>;
  /** The call's answer, parsed with its success schema. */
  output: CallOutput<CallOfKey<K>>;
  /** The verified caller; undefined for public calls. */
  user: VerifiedUser | undefined;
  requestId: string;
}

/** What an emitter reports: the call's catalogue address and its parsed input and output. */
export interface CallSuccess {
  service: ServiceGroup;
  name: string;
  /** Parsed with the call's schema (tRPC's `.input()`, or the proxy's parse of an upload's query). */
  input: unknown;
  /** Parsed with the call's success schema. */
  output: unknown;
  user: VerifiedUser | undefined;
  requestId: string;
}

export type CallSucceededListener = (event: CallSucceeded) => void;

/** Call successes, for what they trigger. A listener that throws is logged and never fails the call. */
export class GatewayEvents {
  readonly #listeners = new Set<CallSucceededListener>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  /** Calls `listener` after every successful call; returns the unsubscribe function. */
  onCallSucceeded(listener: CallSucceededListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Announces a success; `input` and `output` must be parsed with the call's schemas (they are typed so). */
  emitCallSucceeded(success: CallSuccess): void {
    const { service, name, input, output, user, requestId } = success;
    const event = {
      key: `${service}.${name}`,
      router: ROUTER_KEY_OF_SERVICE[service],
      name,
      input,
      output,
      user,
      requestId,
    } as CallSucceeded;
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, call: event.key }, 'call listener failed');
      }
    }
  }
}
