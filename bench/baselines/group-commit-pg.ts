// Baseline: a minimal Fastify + pg server that saves progress durably (PostgreSQL's default
// synchronous_commit) and commits the saves that arrive while a commit is on its way in one statement
// (group commit): one conditional upsert of every waiting save, then the next group. The same rule as
// the app (a version never goes back), without sessions, access checks or validation.
import Fastify from 'fastify';
import pg from 'pg';
import { SAVE_ROUTE, type SaveBody, type SaveParams, serveUntilStopped } from './serve-until-stopped';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 4 });
await pool.query(`create table if not exists progress (
  campaign_id integer not null, test_id integer not null, user_id integer not null,
  version integer not null, status text not null, data text, updated_at text not null,
  primary key (campaign_id, user_id, test_id))`);

interface Save {
  key: string;
  ids: [number, number, number];
  version: number;
  data: string;
  done: (answer: { version: number; stored: boolean }) => void;
}
let pending: Save[] = [];
let committing = false;

async function flush(): Promise<void> {
  if (committing || pending.length === 0) return;
  committing = true;
  const saves = pending;
  pending = [];
  // One row a key in a statement: the newest save of each key goes, the others are stale anyway.
  const newest = new Map<string, Save>();
  for (const s of saves) if ((newest.get(s.key)?.version ?? -1) < s.version) newest.set(s.key, s);
  const rows = [...newest.values()];
  try {
    const { rows: written } = await pool.query<{ campaign_id: number; test_id: number; user_id: number; version: number }>(
      `insert into progress (campaign_id, test_id, user_id, version, status, data, updated_at)
       select c, t, u, v, 'incomplete', d, $6 from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[]) as s(c, t, u, v, d)
       on conflict (campaign_id, user_id, test_id) do update set version = excluded.version, data = excluded.data, updated_at = excluded.updated_at
       where excluded.version >= progress.version
       returning campaign_id, test_id, user_id, version`,
      [
        rows.map((s) => s.ids[0]),
        rows.map((s) => s.ids[1]),
        rows.map((s) => s.ids[2]),
        rows.map((s) => s.version),
        rows.map((s) => s.data),
        new Date().toISOString(),
      ],
    );
    const held = new Map(written.map((w) => [`${w.campaign_id}:${w.test_id}:${w.user_id}`, w.version]));
    for (const s of saves) {
      let version = held.get(s.key);
      if (version === undefined) {
        const { rows: found } = await pool.query<{ version: number }>(
          'select version from progress where campaign_id = $1 and test_id = $2 and user_id = $3',
          s.ids,
        );
        version = found[0]?.version ?? 0;
        held.set(s.key, version);
      }
      s.done({ version, stored: version === s.version && newest.get(s.key) === s });
    }
  } finally {
    committing = false;
    void flush();
  }
}

const app = Fastify({ logger: false });
app.post<{ Params: SaveParams; Body: SaveBody }>(SAVE_ROUTE, (request) => {
  const { testId, campaignId, userId } = request.params;
  const { version, data } = request.body;
  return new Promise((resolve) => {
    const ids: [number, number, number] = [Number(campaignId), Number(testId), Number(userId)];
    pending.push({
      key: ids.join(':'),
      ids,
      version,
      data: typeof data === 'string' ? data : JSON.stringify(data),
      done: (answer) => resolve({ status: true, ...answer, testStatus: 'incomplete' }),
    });
    setImmediate(() => void flush());
  });
});
await serveUntilStopped(app, () => pool.end());
