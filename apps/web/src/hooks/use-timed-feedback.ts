// A message under a form or an action that goes away by itself after its time (spec 02 §8, §9: profile success
// 3.5 s, card errors 10 s, report success 15 s and failure 10 s). A new message replaces the shown one and
// restarts the clock; `clear` hides it at once (a new attempt clears the last failure).
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Feedback {
  tone: 'success' | 'error';
  text: string;
}

export function useTimedFeedback() {
  const [feedback, setFeedback] = useState<Feedback | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => stop, []);
  /** Shows a message for `ms` (undefined: until replaced or cleared). */
  const show = useCallback((next: Feedback, ms?: number) => {
    stop();
    setFeedback(next);
    if (ms !== undefined) timer.current = setTimeout(() => setFeedback(undefined), ms);
  }, []);
  const clear = useCallback(() => {
    stop();
    setFeedback(undefined);
  }, []);
  return { feedback, show, clear };
}
