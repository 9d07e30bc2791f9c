// The test's clock. session.timing (the platform's timer, on the server's clock) always wins; only when the
// test has none does the package's own max-time count, from the first opening on this device: the start
// is kept in the activities origin's storage so a reload does not restart it (the server does not know
// this clock; an import that gives the test the platform's timer makes it the server's).
export function secondsLeft(session: ProvaSession, maxTimeSeconds: number | null, key: string): number | null {
  if (session.timing) return session.timing.remainingSeconds;
  if (maxTimeSeconds === null) return null;
  let started = Number(readStart(key));
  if (!Number.isFinite(started) || started <= 0) {
    started = Date.now();
    writeStart(key, String(started));
  }
  return Math.max(0, Math.round(maxTimeSeconds - (Date.now() - started) / 1000));
}

function readStart(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStart(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the clock then starts with each opening.
  }
}
