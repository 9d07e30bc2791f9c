import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { announcingTransaction, type DataChange, postgresChangeFeed } from './change-feed';

// A change that ends a session is answered only once this instance's own listener heard it back. A
// listener that hears nothing (its connection silently dead) must not hold the answer past the bound,
// and must not be trusted: copies are dropped and none are kept until it listens again.

describe('the PostgreSQL change feed', () => {
  it('answers within the bound when its listener hears nothing, drops every copy and keeps none until it is back', async () => {
    const database = await createTestDatabase();
    const relay = await deafeningRelay(database.url);
    const feed = postgresChangeFeed(relay.url, { echoTimeoutMs: 300 });
    const heard: DataChange[] = [];
    feed.subscribe((change) => heard.push(change));
    try {
      await until(() => feed.live());
      const started = Date.now();
      await feed.announce({ kind: 'session', sessionId: 'a' }, database.db);
      expect(Date.now() - started, 'heard back at once').toBeLessThan(300);

      relay.deaf = true;
      heard.length = 0;
      const deafSince = Date.now();
      await feed.announce({ kind: 'session', sessionId: 'b' }, database.db);
      expect(Date.now() - deafSince, 'not past the bound').toBeLessThan(1_000);
      expect(feed.live(), 'no copies trusted').toBe(false);
      expect(heard).toContainEqual({ kind: 'all' });

      relay.deaf = false;
      await until(() => feed.live());
    } finally {
      await feed.close();
      await relay.close();
      await database.destroy();
    }
  });

  it("sends a transaction's changes at its commit, and waits until the other instances have heard them; a failed one sends none", async () => {
    const database = await createTestDatabase();
    const relay = await deafeningRelay(database.url);
    const a = postgresChangeFeed(database.url, { echoTimeoutMs: 400 });
    const b = postgresChangeFeed(relay.url, { echoTimeoutMs: 400 });
    const heardByB: DataChange[] = [];
    a.subscribe(() => {});
    b.subscribe((change) => heardByB.push(change));
    const changes: DataChange[] = [
      { kind: 'session', sessionId: 's1' },
      { kind: 'user', userId: 7 },
    ];
    const inTransaction = (fail: boolean) =>
      announcingTransaction(database.db, a, async (trx, inTrx) => {
        for (const change of changes) await inTrx.announce(change, trx);
        if (fail) throw new Error('the transaction fails');
      }).catch((error: unknown) => {
        if (!fail) throw error;
      });
    try {
      await until(() => a.live() && b.live());
      heardByB.length = 0; // a listener that starts drops everything: `all`
      await inTransaction(false);
      expect(heardByB, 'heard by the other instance once the sender goes on').toEqual(changes);

      heardByB.length = 0;
      await inTransaction(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByB, 'nothing of a transaction that failed').toEqual([]);

      // The other instance hears nothing now: the sender waits for it up to the bound.
      relay.deaf = true;
      const started = Date.now();
      await inTransaction(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      await a.close();
      await b.close();
      await relay.close();
      await database.destroy();
    }
  });
});

/** A relay to the database that can stop passing the database's answers (`deaf`), as a silently dead connection. */
async function deafeningRelay(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets: Socket[] = [];
  const state = { deaf: false };
  const server = createServer((inbound) => {
    const outbound = connect(Number(target.port || 5432), target.hostname);
    sockets.push(inbound, outbound);
    inbound.pipe(outbound);
    outbound.on('data', (chunk: Buffer) => {
      if (!state.deaf) inbound.write(chunk);
    });
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ]) {
      from.on('error', () => to.destroy());
      from.on('close', () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const viaRelay = new URL(databaseUrl);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String((server.address() as { port: number }).port);
  return Object.assign(state, {
    url: viaRelay.toString(),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
