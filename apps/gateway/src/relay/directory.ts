/**
 * What the relay asks the provider to authorise an emit, cached so the hot path rarely waits on it: may this
 * user access this room (content.getRoom answers 401 otherwise), and who belongs to this event
 * (user.getEventUsers). Asked with the user's own token, so the provider's rules decide.
 */
import type { SocketData } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import { TtlCache } from './ttl-cache.ts';

/** Settings of the directory's caches. */
export interface DirectoryOptions {
  /** How long a yes or no is trusted. @default 60000 */
  ttlMs?: number;
  /** Shortest pause between two reloads of an event's member list caused by unknown ids. @default 2000 */
  memberReloadCooldownMs?: number;
}

/** Statuses by which the provider says "no" (rather than failing). */
const REFUSALS = new Set([401, 403, 404]);

/**
 * The room access checks of one user waiting on the provider: how many, and how many times the user's access
 * was forgotten while any of them waited.
 */
interface ChecksUnderWay {
  count: number;
  generation: number;
}

export class Directory {
  readonly #roomAccess: TtlCache<string, boolean>;
  /**
   * Per user with a room access check waiting on the provider (and only then: the entry goes with the user's
   * last such check, so this holds at most one entry per check under way). `forgetRoomAccess` bumps the
   * generation; a check stores its answer only if the generation it started under is still current, since an
   * answer asked before the user's access changed may predate the change. A user with no check under way
   * needs no entry: a check started after the forget asks the provider after the change.
   */
  readonly #checking = new Map<number, ChecksUnderWay>();
  readonly #members = new Map<
    string,
    { ids: Set<number>; loadedAt: number; loading?: Promise<Set<number>> }
  >();
  readonly #ttlMs: number;
  readonly #cooldownMs: number;

  constructor(
    private readonly provider: ProviderClient,
    options: DirectoryOptions = {},
  ) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#cooldownMs = options.memberReloadCooldownMs ?? 2_000;
    this.#roomAccess = new TtlCache(this.#ttlMs, 100_000);
  }

  /** True when the user may access the room (a room of their event the provider lets them load). */
  async canAccessRoom(
    user: Pick<SocketData, 'userId' | 'eventCode' | 'token'>,
    roomId: number,
    /** The provider call's budget, when not the client's default (a catch-up's share of its budget). */
    timeoutMs?: number,
  ): Promise<boolean> {
    const key = `${user.userId}:${roomId}`;
    const cached = this.#roomAccess.get(key);
    if (cached !== undefined) return cached;
    const { userId } = user;
    let checks = this.#checking.get(userId);
    if (checks) checks.count += 1;
    else this.#checking.set(userId, (checks = { count: 1, generation: 0 }));
    const generation = checks.generation;
    let isAllowed: boolean;
    try {
      const room = await this.provider.call(
        'content',
        'getRoom',
        { id: roomId },
        { token: user.token, timeoutMs },
      );
      isAllowed = room.event_code === user.eventCode && room.active;
    } catch (error) {
      if (!(error instanceof ProviderError) || !REFUSALS.has(error.status)) throw error;
      isAllowed = false;
    } finally {
      checks.count -= 1;
      if (checks.count === 0) this.#checking.delete(userId);
    }
    // Forgotten meanwhile: the answer still answers this caller, but the cache keeps only answers asked after.
    if (checks.generation === generation) this.#roomAccess.set(key, isAllowed);
    return isAllowed;
  }

  /**
   * Forgets what is known about a user's room access (their access changed), including the answers of checks
   * still waiting on the provider: those are not cached when they come.
   */
  forgetRoomAccess(userId: number): void {
    const checks = this.#checking.get(userId);
    if (checks) checks.generation += 1;
    const prefix = `${userId}:`;
    this.#roomAccess.deleteWhere((key) => key.startsWith(prefix));
  }

  /** Users with a room access check waiting on the provider (tests: the bookkeeping does not outlive them). */
  get usersChecking(): number {
    return this.#checking.size;
  }

  /**
   * True when every id is a user of the asker's event. A stale list is used while it reloads in the
   * background; only ids it does not know wait for a reload (at most one per cooldown).
   */
  async areEventMembers(
    user: Pick<SocketData, 'eventCode' | 'token'>,
    ids: readonly number[],
  ): Promise<boolean> {
    let entry = this.#members.get(user.eventCode);
    if (!entry || entry.loadedAt === 0) {
      await this.#loadMembers(user);
      entry = this.#members.get(user.eventCode);
    } else if (Date.now() - entry.loadedAt > this.#ttlMs && !entry.loading) {
      this.#loadMembers(user).catch(() => undefined);
    }
    if (entry && ids.every((id) => entry.ids.has(id))) return true;
    // Someone may have signed up since the list was loaded.
    if (entry && Date.now() - entry.loadedAt < this.#cooldownMs) return false;
    const fresh = await this.#loadMembers(user);
    return ids.every((id) => fresh.has(id));
  }

  #loadMembers(user: Pick<SocketData, 'eventCode' | 'token'>): Promise<Set<number>> {
    const existing = this.#members.get(user.eventCode);
    if (existing?.loading) return existing.loading;
    const loading = this.provider
      .call('user', 'getEventUsers', { id: user.eventCode }, { token: user.token })
      .then((answer) => {
        const ids = new Set(answer.users.map((member) => member.id));
        this.#members.set(user.eventCode, { ids, loadedAt: Date.now() });
        return ids;
      })
      .catch((error: unknown) => {
        const current = this.#members.get(user.eventCode);
        if (current) delete current.loading;
        throw error;
      });
    this.#members.set(user.eventCode, {
      ids: existing?.ids ?? new Set(),
      loadedAt: existing?.loadedAt ?? 0,
      loading,
    });
    return loading;
  }
}
