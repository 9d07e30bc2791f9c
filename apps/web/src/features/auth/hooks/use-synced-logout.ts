import { useRef, useState } from 'react';
import { useQueue } from '@/lib/sending-queue-context';
import { useUser } from '../api/get-me';
import { useLogout } from '../api/logout';

/** The logout progress animates over 800 ms and the dialog closes after 1 s. */
export const LOGOUT_PROGRESS_MS = 800;
const LOGOUT_CLOSE_MS = 1_000;

export interface LogoutSync {
  /** Items the dialog started with (the bar's maximum) and items still to send. */
  total: number;
  pending: number;
}

/**
 * Logout with pending sends: with nothing queued the logout is immediate;
 * otherwise `sync` is set (the 'Sincronizzazione' dialog shows it) until the queue is empty,
 * then, 1 s later, the logout happens by itself. `skip` ('Salta') turns what is left into log
 * entries and logs out at once. The logout itself keeps its redirect (/login, or /sso/logout). Either way everything
 * has then been sent or turned into log entries, so the queue forgets what it kept of the person (their backup, the
 * latest copies of their tests): the next person on this computer does not find it.
 */
export function useSyncedLogout() {
  const queue = useQueue();
  const logout = useLogout();
  const userId = useUser().data?.id;
  const [sync, setSync] = useState<LogoutSync | null>(null);
  // Each attempt has a number: a cancelled or skipped one must not log out later.
  const attempt = useRef(0);

  const finish = () => {
    if (userId !== undefined) void queue.forget(userId).catch(() => undefined);
    logout.mutate({});
  };

  function start() {
    const { pending } = queue.getSnapshot();
    if (pending === 0) {
      finish();
      return;
    }
    const current = ++attempt.current;
    setSync({ total: pending, pending });
    void queue
      .drain((left) => {
        if (attempt.current === current) setSync((s) => s && { total: Math.max(s.total, left), pending: left });
      })
      .then(() => {
        if (attempt.current !== current) return;
        setSync((s) => s && { ...s, pending: 0 });
        window.setTimeout(() => {
          if (attempt.current !== current) return;
          attempt.current += 1;
          setSync(null);
          finish();
        }, LOGOUT_CLOSE_MS);
      });
  }

  async function skip() {
    attempt.current += 1;
    await queue.skipToLogs();
    setSync(null);
    finish();
  }

  /** The dialog was dismissed: stay signed in, the queue goes on sending. */
  function cancel() {
    attempt.current += 1;
    setSync(null);
  }

  return { start, skip, cancel, sync, isLoggingOut: logout.isPending || sync !== null };
}
