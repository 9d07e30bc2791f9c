// Baseline: a minimal Fastify + better-sqlite3 server that saves progress durably and commits the saves
// that arrive together in one transaction (group commit). WAL with synchronous = FULL: a commit is on the
// disk when it returns, so an answer survives a crash of the machine. The same conditional upsert as the
// app (a version never goes back), without sessions, access checks or validation.
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { SAVE_ROUTE, type SaveBody, type SaveParams, serveUntilStopped } from './serve-until-stopped';

const db = new SQLite(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`create table if not exists progress (
  campaign_id integer not null, test_id integer not null, user_id integer not null,
  version integer not null, status text not null, data text, updated_at text not null,
  primary key (campaign_id, user_id, test_id))`);
const upsert = db.prepare(`insert into progress (campaign_id, test_id, user_id, version, status, data, updated_at)
  values (?, ?, ?, ?, 'incomplete', ?, ?)
  on conflict (campaign_id, user_id, test_id) do update set version = excluded.version, data = excluded.data, updated_at = excluded.updated_at
  where excluded.version >= progress.version
  returning version`);
const held = db.prepare('select version from progress where campaign_id = ? and test_id = ? and user_id = ?');

interface Save {
  key: [number, number, number];
  version: number;
  data: string;
  done: (answer: { version: number; stored: boolean }) => void;
}
let pending: Save[] = [];
const commit = db.transaction((saves: Save[], at: string) =>
  saves.map((s) => {
    const row = upsert.get(s.key[0], s.key[1], s.key[2], s.version, s.data, at) as { version: number } | undefined;
    return row
      ? { version: row.version, stored: row.version === s.version }
      : { version: (held.get(...s.key) as { version: number }).version, stored: false };
  }),
);
function flush() {
  const saves = pending;
  pending = [];
  const answers = commit(saves, new Date().toISOString());
  saves.forEach((s, i) => s.done(answers[i]));
}

const app = Fastify({ logger: false });
app.post<{ Params: SaveParams; Body: SaveBody }>(SAVE_ROUTE, (request) => {
  const { testId, campaignId, userId } = request.params;
  const { version, data } = request.body;
  return new Promise((resolve) => {
    // Saves parsed in the same turn of the event loop go into one transaction.
    if (pending.length === 0) setImmediate(flush);
    pending.push({
      key: [Number(campaignId), Number(testId), Number(userId)],
      version,
      data: typeof data === 'string' ? data : JSON.stringify(data),
      done: (answer) => resolve({ status: true, ...answer, testStatus: 'incomplete' }),
    });
  });
});
await serveUntilStopped(app, () => {
  db.close();
});
