/**
 * The mock provider behind a gate its tests work: by `METHOD path` (no query), an answer can be held back until
 * released, answered 503 (failing) or 401 (the provider's "no" to a room, refusing), and every request is counted.
 * A held request is failed or refused once it is released, as the sets then say.
 */
import type { FastifyInstance } from 'fastify';
import { buildProvider } from '@showfloor/mock-provider';

export interface GatedProvider {
  /** The provider itself (listen on it, close it). */
  readonly app: FastifyInstance;
  /** How many times each `METHOD path` was asked. */
  readonly asked: Map<string, number>;
  /** Requests answered 503. */
  readonly failing: Set<string>;
  /** Requests answered 401. */
  readonly refusing: Set<string>;
  /** How many were answered 503 (tests set it back to 0). */
  failed: number;
  /** Holds the answers to `METHOD path` until the returned release is called. */
  hold(request: string): () => void;
}

export function gatedProvider(): GatedProvider {
  const held = new Map<string, Promise<void>>();
  const gated: GatedProvider = {
    app: buildProvider({ logger: false }),
    asked: new Map(),
    failing: new Set(),
    refusing: new Set(),
    failed: 0,
    hold(request) {
      let release = (): void => undefined;
      held.set(
        request,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(request);
        release();
      };
    },
  };
  gated.app.addHook('onRequest', async (request, reply) => {
    const key = `${request.method} ${request.url.split('?')[0] ?? ''}`;
    gated.asked.set(key, (gated.asked.get(key) ?? 0) + 1);
    const gate = held.get(key);
    if (gate) await gate;
    if (gated.failing.has(key)) {
      gated.failed += 1;
      return reply.code(503).send({ message: 'unavailable' });
    }
    if (gated.refusing.has(key)) return reply.code(401).send({ message: 'no access' });
    return undefined;
  });
  return gated;
}
