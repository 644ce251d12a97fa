/**
 * A wait with a budget for an answer that comes over a socket (Redis's, here): the answer, or undefined when it
 * did not come within `ms`. The budget ends only after the loop has read its sockets once more (a `setImmediate`
 * behind the timer, which runs after the poll phase): after a stall of this process's own loop (a long
 * collection, a busy host) the timer is due and the answer may be waiting unread in the socket, and the timers
 * phase runs before the poll phase that would read it. Without this, a node whose own loop stalled would take a
 * prompt answer for a stalled peer. A rejection is passed on.
 */
export async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let lastPoll: NodeJS.Immediate | undefined;
  try {
    return await Promise.race([
      answer,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          lastPoll = setImmediate(() => resolve(undefined));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    clearImmediate(lastPoll);
  }
}
