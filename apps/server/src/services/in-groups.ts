/**
 * Requests of the same kind that arrive while the database is busy with the previous group go
 * together in the next one. For writes this is group commit: a thousand candidates saving at once
 * cost a few commits (each a sync to disk), not a thousand, and a write is answered when its group is
 * on the disk. For reads, one statement answers many callers.
 *
 * `commit` takes the items of a group and answers one result per item, in order. Should a group
 * fail, its items are tried one by one, so that one bad item fails alone.
 */
export function inGroups<W, R>(commit: (writes: W[]) => Promise<R[]>) {
  interface Pending {
    write: W;
    resolve(result: R): void;
    reject(error: unknown): void;
  }
  let queue: Pending[] = [];
  let running = false;

  async function commitAlone(pending: Pending) {
    try {
      pending.resolve((await commit([pending.write]))[0]);
    } catch (error) {
      pending.reject(error);
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      if (group.length === 1) {
        await commitAlone(group[0]);
        continue;
      }
      try {
        const results = await commit(group.map((p) => p.write));
        group.forEach((p, i) => p.resolve(results[i]));
      } catch {
        for (const pending of group) await commitAlone(pending);
      }
    }
    running = false;
  }

  return {
    run(write: W): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ write, resolve, reject });
        if (running) return;
        running = true;
        // Whatever else arrives in this turn of the event loop joins the first group.
        setImmediate(() => void drain());
      });
    },
  };
}
