/**
 * Storage writes one at a time, in the order they were asked for, so that two writes of the same
 * keys never race. A failed write does not stop the ones after it.
 */
export class WriteChain {
  private tail: Promise<void>;

  constructor(start: Promise<void> = Promise.resolve()) {
    this.tail = start;
  }

  /** Queues `write` after every write before it; resolves once it is done. A failure goes to `onError`. */
  add(write: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    this.tail = this.tail.then(() => write().catch(onError));
    return this.tail;
  }

  /** As add, but the caller hears of a failure (the chain goes on regardless). */
  run(write: () => Promise<void>): Promise<void> {
    const done = this.tail.then(write);
    this.tail = done.catch(() => {});
    return done;
  }

  /** Resolves once every write asked for so far is done. */
  settled(): Promise<void> {
    return this.tail;
  }
}
