import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export const AUTOSAVE_DELAY_MS = 500; // spec §9

/**
 * Saves the latest value `delayMs` after the last change (spec §2.4). Saves run one at a time and only the
 * newest value is sent after the one in flight, so answers can never come back out of order and the
 * server always ends with what the person last chose (no lost update).
 */
export function useAutosave<T>(save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DELAY_MS) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queued = useRef<{ value: T } | null>(null);
  const running = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    while (queued.current) {
      const { value } = queued.current;
      queued.current = null;
      setStatus('saving');
      try {
        await saveRef.current(value);
        if (!queued.current) setStatus('saved');
      } catch {
        if (!queued.current) setStatus('error');
      }
    }
    running.current = false;
  }, []);

  const schedule = useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      setStatus('idle');
      timer.current = setTimeout(() => {
        queued.current = { value };
        void drain();
      }, delayMs);
    },
    [delayMs, drain],
  );

  /** Drops a change not yet sent (e.g. a choice the form refuses). */
  const cancel = useCallback(() => clearTimeout(timer.current), []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { status, schedule, cancel };
}
