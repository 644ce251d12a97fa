// 'Login session expired.' or 401.2: back to the login page after 4 s (spec 01 §4, §8).
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

export function useDelayedRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (path: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(path), delayMs);
    },
    [navigate],
  );
}
