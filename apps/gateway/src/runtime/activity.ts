/**
 * The gateway's traffic as one running count (HTTP requests, socket connects and disconnects, client emits,
 * broadcasts heard from other nodes), so periodic work can tell a quiet node from a busy one without a clock
 * read or an allocation on the hot path: one increment per event. idle-gc.ts reads it.
 */
export class Activity {
  /** Events so far; only its changes mean anything. */
  count = 0;

  /** Something arrived that a client waits on. */
  note(): void {
    this.count += 1;
  }
}
