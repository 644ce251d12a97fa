/**
 * Sends a fixed number of messages with a fixed number in flight, the next one as each ack comes in (the CPU
 * micro-run's generator, `relay-cpu.ts`). An ack that never comes would leave it waiting forever: once no ack
 * came for `silenceMs` while some are still missing, it fails and says how many. A deadline on silence rather
 * than on the whole run, so a slow machine or a large count does not trip it while acks keep coming.
 */

/** What `sendWindowed` sends and how it reads the acks. */
export interface WindowedSend {
  /** Names the run in a failure, e.g. the system's name. */
  label: string;
  count: number;
  /** Messages in flight at once (at least 1). */
  window: number;
  /** How long it waits without any ack while some are missing before it fails, ms. */
  silenceMs: number;
  /** Sends message `index` (0 to count − 1); `ack` takes the server's answer to it. */
  send(index: number, ack: (answer: unknown) => void): void;
  /** Why an answer refuses its message; undefined when it acknowledges it. */
  refusal(answer: unknown): string | undefined;
}

/** Resolves when all `count` acks are in; rejects on a refusal or after `silenceMs` without an ack. */
export function sendWindowed({
  label,
  count,
  window,
  silenceMs,
  send,
  refusal,
}: WindowedSend): Promise<void> {
  if (!(window >= 1)) throw new Error(`sendWindowed: window must be >= 1, got ${window}`);
  return new Promise((done, fail) => {
    if (count <= 0) {
      done();
      return;
    }
    let sent = 0;
    let acked = 0;
    let isSettled = false;
    const settle = (error?: Error): void => {
      isSettled = true;
      clearTimeout(silence);
      if (error) fail(error);
      else done();
    };
    const silence = setTimeout(() => {
      settle(
        new Error(
          `${label}: ${count - acked} of ${count} acks missing, none came for ${silenceMs / 1000} s ` +
            `(${sent} sent, ${acked} acked)`,
        ),
      );
    }, silenceMs);
    const ack = (answer: unknown): void => {
      if (isSettled) return;
      const refused = refusal(answer);
      if (refused !== undefined) {
        settle(new Error(`${label}: refused: ${refused}`));
        return;
      }
      acked += 1;
      if (acked === count) {
        settle();
        return;
      }
      silence.refresh();
      sendNext();
    };
    const sendNext = (): void => {
      if (sent >= count) return;
      const index = sent;
      sent += 1;
      send(index, ack);
    };
    for (let index = 0; index < window && !isSettled; index += 1) sendNext();
  });
}
