import { createServer, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { type DataChange, postgresChangeFeed } from './change-feed';

// A change that ends a session is answered only once this instance's own listener heard it back. A
// listener that hears nothing (its connection silently dead) must not hold the answer past the bound,
// and must not be trusted: copies are dropped and none are kept until it listens again.

describe('the PostgreSQL change feed', () => {
  it('answers within the bound when its listener hears nothing, drops every copy and keeps none until it is back', async () => {
    const database = await createTestDatabase();
    const target = new URL(database.url);
    // The listener reaches the database through this relay, which can stop passing the database's answers.
    let deaf = false;
    const sockets: Socket[] = [];
    const relay = createServer((inbound) => {
      const outbound = connect(Number(target.port || 5432), target.hostname);
      sockets.push(inbound, outbound);
      inbound.pipe(outbound);
      outbound.on('data', (chunk: Buffer) => {
        if (!deaf) inbound.write(chunk);
      });
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ]) {
        a.on('error', () => b.destroy());
        a.on('close', () => b.destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String((relay.address() as { port: number }).port);

    const feed = postgresChangeFeed(viaRelay.toString(), { echoTimeoutMs: 300 });
    const heard: DataChange[] = [];
    feed.subscribe((change) => heard.push(change));
    try {
      await until(() => feed.live());
      const started = Date.now();
      await feed.announce({ kind: 'session', sessionId: 'a' }, database.db);
      expect(Date.now() - started, 'heard back at once').toBeLessThan(300);

      deaf = true;
      heard.length = 0;
      const deafSince = Date.now();
      await feed.announce({ kind: 'session', sessionId: 'b' }, database.db);
      expect(Date.now() - deafSince, 'not past the bound').toBeLessThan(1_000);
      expect(feed.live(), 'no copies trusted').toBe(false);
      expect(heard).toContainEqual({ kind: 'all' });

      deaf = false;
      await until(() => feed.live());
    } finally {
      await feed.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      await database.destroy();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
