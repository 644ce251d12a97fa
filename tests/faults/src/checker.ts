/**
 * The fault run's verdict: the provider's stored history of every conversation against every client's final
 * timeline and acknowledgements, plus the run's timings, as one line each. Loss, duplicates, reordering,
 * 200 acks without a stored message and 200 acks for sends the store refused fail the run, as do the issue's
 * goals: reconnect-to-caught-up p99 ≤ 5 s, tRPC ≥ 99 % successful while Redis is down, fan-out back ≤ 5 s.
 */
import type { ChatMessage } from '@showfloor/contracts';

/** What a conversation holds in the store and who takes part. */
export interface StoredConversation {
  id: string;
  /** Every participant (room members, or the pair), each present for the whole run. */
  members: readonly number[];
  /** The provider's history, in seq order. */
  stored: readonly ChatMessage[];
}

/** What one client showed and was told. */
export interface ClientOutcome {
  userId: number;
  /** The final timeline of each conversation, as shown. */
  timelines: ReadonlyMap<string, readonly ChatMessage[]>;
  /** Answered sends by client_id: the 200 ones carry the stored id. */
  acks: ReadonlyMap<string, { status: number; stored: { id: string; conversation: string } | undefined }>;
  /** Live copies the timeline dropped (never shown). */
  duplicateDeliveries: number;
}

/** Everything the checker compares. */
export interface CheckInput {
  conversations: readonly StoredConversation[];
  clients: readonly ClientOutcome[];
  /** Sends the store must refuse, and how many were acknowledged with 200 all the same. */
  refusable: { sent: number; acked: number };
  /** Reconnect → caught-up durations in ms (Infinity for a reconnect never caught up by the end). */
  reconnectMs: readonly number[];
  /** tRPC calls made while Redis was down. */
  trpcDuringOutage: { ok: number; total: number };
  /** Per Redis restart: ms from Redis answering again to cross-node fan-out delivering again (Infinity: never). */
  fanoutBackMs: readonly number[];
  /** Clients still waiting (unanswered sends, catch-ups under way, disconnected) when the drain ended. */
  unsettledClients: number;
  /**
   * Set when other work kept the machine busy during the traffic (more than BUSY_OTHERS_SHARE of its CPU
   * time): the timing goals are then printed but not judged.
   */
  busyMachine?: { othersShare: number; cores: number } | undefined;
}

/** Share of the machine's CPU time taken by other work above which the timing goals are not judged. */
export const BUSY_OTHERS_SHARE = 0.5;

/** The issue's goals. */
export const GOALS = {
  RECONNECT_P99_MS: 5_000,
  TRPC_SUCCESS: 0.99,
  FANOUT_BACK_MS: 5_000,
} as const;

/** One stored message a member did not show. */
export interface Undelivered {
  conversation: string;
  seq: number | undefined;
  from: number;
  recipient: number;
  /** When the provider stored it (ms since the epoch). */
  storedAt: number;
}

export interface CheckResult {
  lines: string[];
  /** Every check by name, met or not (the test runner's summary counts them). */
  checks: Array<{ name: string; isMet: boolean }>;
  failures: string[];
  /** The first undelivered messages (at most 50), for the report. */
  undelivered: Undelivered[];
  figures: {
    acked: number;
    ackedNotStored: number;
    due: number;
    undelivered: number;
    duplicatesShown: number;
    duplicateDeliveries: number;
    reorderings: number;
    shownNotStored: number;
    refusedAcked: number;
    refusedSent: number;
    reconnects: number;
    reconnectP50Ms: number;
    reconnectP99Ms: number;
    trpcSuccess: number;
    fanoutBackMs: readonly number[];
  };
}

/** Nearest-rank percentile of `values` (NaN when empty). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never');

/** Compares and renders the lines; `failures` is empty when the run passes. */
export function check(input: CheckInput): CheckResult {
  const storedById = new Map<string, { conversation: string; index: number }>();
  for (const conversation of input.conversations)
    conversation.stored.forEach((message, index) =>
      storedById.set(message.id, { conversation: conversation.id, index }),
    );
  const clientOf = new Map(input.clients.map((client) => [client.userId, client]));
  const storedKeys = new Set<string>();
  for (const conversation of input.conversations)
    for (const message of conversation.stored)
      if (message.client_id !== undefined) storedKeys.add(`${message.from}:${message.client_id}`);

  let acked = 0;
  let ackedNotStored = 0;
  let duplicateDeliveries = 0;
  for (const client of input.clients) {
    duplicateDeliveries += client.duplicateDeliveries;
    for (const [clientId, ack] of client.acks) {
      if (ack.status !== 200) continue;
      acked += 1;
      if (ack.stored) {
        const where = storedById.get(ack.stored.id);
        if (!where || where.conversation !== ack.stored.conversation) ackedNotStored += 1;
      } else if (!storedKeys.has(`${client.userId}:${clientId}`)) {
        // A 200 that names no stored message: the store must hold the sender's client_id at least.
        ackedNotStored += 1;
      }
    }
  }

  let due = 0;
  let undelivered = 0;
  const samples: Undelivered[] = [];
  for (const conversation of input.conversations) {
    const shownBy = new Map<number, Set<string>>();
    for (const member of conversation.members) {
      const timeline = clientOf.get(member)?.timelines.get(conversation.id) ?? [];
      shownBy.set(member, new Set(timeline.map((message) => message.id)));
    }
    for (const message of conversation.stored) {
      for (const member of conversation.members) {
        if (member === message.from) continue;
        due += 1;
        if (shownBy.get(member)?.has(message.id)) continue;
        undelivered += 1;
        if (samples.length < 50)
          samples.push({
            conversation: conversation.id,
            seq: message.seq,
            from: message.from,
            recipient: member,
            storedAt: Number(message.timestamp),
          });
      }
    }
  }

  let duplicatesShown = 0;
  let reorderings = 0;
  let shownNotStored = 0;
  for (const client of input.clients) {
    for (const [conversationId, timeline] of client.timelines) {
      const ids = new Set<string>();
      const keys = new Set<string>();
      let previous = -1;
      for (const message of timeline) {
        const key = message.client_id === undefined ? undefined : `${message.from}:${message.client_id}`;
        if (ids.has(message.id) || (key !== undefined && keys.has(key))) {
          duplicatesShown += 1;
          continue;
        }
        ids.add(message.id);
        if (key !== undefined) keys.add(key);
        const where = storedById.get(message.id);
        if (!where || where.conversation !== conversationId) {
          shownNotStored += 1;
          continue;
        }
        if (where.index < previous) reorderings += 1;
        previous = Math.max(previous, where.index);
      }
    }
  }

  const reconnectP50Ms = percentile(input.reconnectMs, 50);
  const reconnectP99Ms = percentile(input.reconnectMs, 99);
  const { ok, total } = input.trpcDuringOutage;
  const trpcSuccess = total === 0 ? Number.NaN : ok / total;
  const worstFanout = input.fanoutBackMs.length === 0 ? Number.NaN : Math.max(...input.fanoutBackMs);

  const checks: CheckResult['checks'] = [];
  const goal = (isMet: boolean, name: string) => {
    checks.push({ name, isMet });
    return isMet ? 'met' : 'MISSED';
  };
  const none = (value: number, what: string) => goal(value === 0, what) === 'met';
  none(ackedNotStored, 'acked but not stored');
  none(undelivered, 'stored but never delivered');
  none(duplicatesShown, 'duplicates shown');
  none(reorderings, 'reorderings');
  none(shownNotStored, 'shown but never stored');
  none(input.refusable.acked, 'acks for refused sends');
  // Timelines taken while clients still catch up would count late messages as lost.
  goal(input.unsettledClients === 0, 'the drain settled every client');
  goal(input.refusable.sent > 0, 'a refusable send was answered');
  // The faults must have happened and been measured, busy machine or not.
  goal(input.reconnectMs.length > 0, 'reconnects happened');
  goal(total > 0, 'tRPC was called while Redis was down');
  goal(input.fanoutBackMs.length > 0, 'fan-out back was measured');
  // Timing goals say what the system does with the machine to itself; on a machine others keep busy they
  // measure the others, so they are printed but not judged there (correctness is judged either way).
  const busy = input.busyMachine;
  const timing = (isMet: boolean, name: string): string =>
    busy
      ? `not judged, other work took ${Math.round(busy.othersShare * 100)} % of the ${busy.cores} cores`
      : goal(isMet, name);
  const reconnectGoal = timing(reconnectP99Ms <= GOALS.RECONNECT_P99_MS, 'reconnect-to-caught-up p99');
  const trpcGoal = timing(trpcSuccess >= GOALS.TRPC_SUCCESS, 'tRPC during the Redis outage');
  const fanoutGoal = timing(worstFanout <= GOALS.FANOUT_BACK_MS, 'fan-out back after Redis');

  const lines = [
    `drain: ${input.unsettledClients === 0 ? 'every client settled' : `${count(input.unsettledClients)} clients still waiting at the limit`}`,
    `acked but not stored: ${count(ackedNotStored)} (of ${count(acked)} acknowledged with 200)`,
    `stored but never delivered to a present recipient: ${count(undelivered)} (of ${count(due)} deliveries due)`,
    `duplicates shown: ${count(duplicatesShown)} (live copies the timelines dropped: ${count(duplicateDeliveries)})`,
    `reorderings within a conversation: ${count(reorderings)}`,
    `shown but never stored: ${count(shownNotStored)}`,
    `acks for messages the store refused: ${count(input.refusable.acked)} (of ${count(input.refusable.sent)} sends the store refused)`,
    `reconnect-to-caught-up: p50 ${seconds(reconnectP50Ms)}, p99 ${seconds(reconnectP99Ms)} (${count(input.reconnectMs.length)} reconnects; goal p99 ≤ 5 s: ${reconnectGoal})`,
    `tRPC success while Redis was down: ${Number.isNaN(trpcSuccess) ? 'no calls' : `${(trpcSuccess * 100).toFixed(2)} %`} (${count(ok)} of ${count(total)}; goal ≥ 99 %: ${trpcGoal})`,
    `Redis back to cross-node fan-out back: ${input.fanoutBackMs.map(seconds).join(', ') || 'not measured'} (worst ${seconds(worstFanout)}; goal ≤ 5 s: ${fanoutGoal})`,
  ];
  const failures = checks.filter((item) => !item.isMet).map((item) => item.name);
  return {
    lines,
    checks,
    failures,
    undelivered: samples,
    figures: {
      acked,
      ackedNotStored,
      due,
      undelivered,
      duplicatesShown,
      duplicateDeliveries,
      reorderings,
      shownNotStored,
      refusedAcked: input.refusable.acked,
      refusedSent: input.refusable.sent,
      reconnects: input.reconnectMs.length,
      reconnectP50Ms,
      reconnectP99Ms,
      trpcSuccess,
      fanoutBackMs: input.fanoutBackMs,
    },
  };
}
