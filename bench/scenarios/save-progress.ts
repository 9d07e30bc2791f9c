import { openBenchDb } from '../bench-db';
import type { CannonRequest } from '../load/closed-loop';
import { CAMPAIGN, type Candidate, headersOf, TEST_SAVE } from '../seed';

// Saving progress, the hottest path: each candidate's activity saves every few seconds through the sending
// queue, with a newer version each time (POST /api/tests/{t}/data/{c}/{u}, and .../status/... for the
// status). Afterwards the database must hold, for every candidate, the highest version a 2xx said was
// stored, and the data sent with it: nothing acknowledged is lost, nothing mixed.

/** What a candidate sent and what the server acknowledged. */
interface Track {
  sent: number;
  acked: number;
}

const NOTES = 'x'.repeat(400);
/** The progress an activity saves at `version`: it names its version, so the stored data can be checked against it. */
const progressText = (userId: number, version: number) =>
  JSON.stringify({ v: version, user: userId, answers: { q1: 'b', q2: 'd', q3: 'a', q4: String(version % 7) }, notes: NOTES });

export type WriteKind = 'data' | 'status';

/** The saves of a set of candidates, to any server that takes the app's save path (the app, the baselines). */
export class Saves {
  readonly #tracks = new Map<number, Track>();
  #turn = 0;

  constructor(
    private readonly candidates: Candidate[],
    private readonly origin: string,
  ) {
    for (const c of candidates) this.#tracks.set(c.userId, { sent: 0, acked: 0 });
  }

  /** The next save, round the candidates in turn (so one candidate never has two saves on the way at once). */
  next(kind: WriteKind = 'data'): CannonRequest {
    const candidate = this.candidates[this.#turn++ % this.candidates.length];
    const track = this.#tracks.get(candidate.userId)!;
    const version = ++track.sent;
    const body = kind === 'data' ? { version, data: progressText(candidate.userId, version) } : { version, status: 'incomplete' };
    return {
      method: 'POST',
      path: `/api/tests/${TEST_SAVE}/${kind}/${CAMPAIGN}/${candidate.userId}`,
      headers: headersOf(this.origin, candidate, true),
      body: JSON.stringify(body),
      onAnswer: (status, text) => {
        if (status !== 200) return;
        const answer = JSON.parse(text) as { stored?: boolean };
        if (answer.stored) track.acked = Math.max(track.acked, version);
      },
    };
  }

  /**
   * Reads every candidate's stored progress past the server: its version must be at least the highest
   * acknowledged one (a save sent when the run stopped may have been stored without an answer, so up to
   * the highest sent), and after data saves its data must be the data sent with that version.
   * Answers the problems found, none when all is well.
   */
  async check(databaseUrl: string, kind: WriteKind): Promise<string[]> {
    // Saves still on their way when the load stopped are let in.
    await new Promise((done) => setTimeout(done, 1000));
    const db = openBenchDb(databaseUrl);
    try {
      const rows = await db.all<{ user_id: number; version: number; data: string | null }>(
        'select user_id, version, data from test_progress where campaign_id = ? and test_id = ?',
        [CAMPAIGN, TEST_SAVE],
      );
      const stored = new Map(rows.map((r) => [Number(r.user_id), r]));
      const problems: string[] = [];
      for (const [userId, track] of this.#tracks) {
        if (track.sent === 0) continue;
        const row = stored.get(userId);
        const version = row ? Number(row.version) : 0;
        if (version < track.acked) problems.push(`user ${userId}: version ${track.acked} acknowledged, ${version} stored (a lost write)`);
        else if (version > track.sent) problems.push(`user ${userId}: version ${version} stored, never sent`);
        else if (kind === 'data' && version > 0 && row?.data !== progressText(userId, version))
          problems.push(`user ${userId}: the data stored is not the data of version ${version}`);
      }
      return problems;
    } finally {
      await db.close();
    }
  }

  /** Candidates with at least one acknowledged save. */
  get acknowledged(): number {
    return [...this.#tracks.values()].filter((t) => t.acked > 0).length;
  }
}
