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
  /** Of those still to send, the person's answers (the dialog says how many have not reached the server). */
  answers: number;
}

/**
 * Logout with pending sends: with nothing queued the logout is immediate;
 * otherwise `sync` is set (the 'Sincronizzazione' dialog shows it) until the queue is empty,
 * then, 1 s later, the logout happens by itself. `wait` ('Aspetta', the dialog's main action) keeps waiting and
 * tries again at once. `skip` ('Salta') sends log entries of what is left and logs out at once; the answers stay
 * queued in this browser under their owner, sent when that same person signs in here again, never under whoever
 * signs in next. The logout itself keeps its redirect (/login, or /sso/logout). Either way the queue then forgets the
 * latest copies of the person's tests that have nothing left to send.
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
    const { pending, answers } = queue.getSnapshot();
    if (pending === 0) {
      finish();
      return;
    }
    const current = ++attempt.current;
    setSync({ total: pending, pending, answers });
    void queue
      .drain((left) => {
        const answersLeft = queue.getSnapshot().answers;
        if (attempt.current === current) setSync((s) => s && { total: Math.max(s.total, left), pending: left, answers: answersLeft });
      })
      .then(() => {
        if (attempt.current !== current) return;
        setSync((s) => s && { ...s, pending: 0, answers: 0 });
        window.setTimeout(() => {
          if (attempt.current !== current) return;
          attempt.current += 1;
          setSync(null);
          finish();
        }, LOGOUT_CLOSE_MS);
      });
  }

  /** 'Aspetta': the logout still waits for the queue, which tries again now. */
  function wait() {
    queue.retryNow();
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

  return { start, wait, skip, cancel, sync, isLoggingOut: logout.isPending || sync !== null };
}
