import { useEffect, useState } from 'react';

/** The current time, refreshed just after each minute starts (for clocks that show HH:mm). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const current = new Date();
      const untilNextMinute = 60_000 - (current.getSeconds() * 1000 + current.getMilliseconds());
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, untilNextMinute + 20);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
