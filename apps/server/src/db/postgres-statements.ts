import pg from 'pg';

/** Times a query's text is sent before it gets a name: one-off queries (an import's, a staff search's) stay unnamed. */
export const NAMED_AFTER = 10;
/** Most names one process hands out: each named statement holds its parse tree and plan in every connection's backend. */
const MOST_NAMES = 200;
/** Texts counted while they wait for a name; past this the count starts again (lists of every length make new texts). */
const MOST_COUNTED = 2_000;

/** PostgreSQL's answers that a named statement on a connection cannot be used any more. */
function isStale(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  // A table changed under it (another instance's migration added a column to a `select *`), or the
  // statement is gone from the session (DISCARD ALL, a pooler that moved the session).
  return (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')) || e?.code === '26000';
}

/**
 * A text whose columns come from the tables' definitions (`select *`, `"users".*`, `returning *`): a column added
 * to one of them changes its result, which a statement prepared before refuses (a star inside `count(*)` does not).
 */
const WILDCARD = /\*(?!\s*\))/;

/**
 * Which query texts run as named prepared statements. Kysely sends every query unnamed, so PostgreSQL parses and
 * plans it at each run: on a sign-in, planning alone was about 0.7 ms of the database's 1.7 ms. A text sent often
 * gets a name, and each connection then parses it once and, when PostgreSQL settles on a generic plan (after five
 * runs), plans it once. Names are per process; node-postgres remembers per connection which it has prepared.
 */
export function statementNames(options: { namedAfter?: number; mostNames?: number } = {}) {
  const namedAfter = options.namedAfter ?? NAMED_AFTER;
  const mostNames = options.mostNames ?? MOST_NAMES;
  const counts = new Map<string, number>();
  const names = new Map<string, { name: string; wildcard: boolean }>();
  let given = 0;
  return {
    /**
     * The name `text` runs under, if it has earned one. In a transaction a text with a wildcard runs unnamed: an
     * instance still running while another one's migration adds a column (a rolling upgrade) would otherwise
     * fail the transaction, where a query on its own is simply sent again.
     */
    of(text: string, inTransaction = false): string | undefined {
      const entry = names.get(text);
      if (entry !== undefined) return inTransaction && entry.wildcard ? undefined : entry.name;
      if (given >= mostNames) return undefined;
      const count = (counts.get(text) ?? 0) + 1;
      if (count < namedAfter) {
        if (counts.size >= MOST_COUNTED) counts.clear();
        counts.set(text, count);
        return undefined;
      }
      counts.delete(text);
      this.rename(text);
      return this.of(text, inTransaction);
    },
    /** A new name for `text`, for when its statement went stale on a connection; none once the names run out. */
    rename(text: string): void {
      if (given >= mostNames) names.delete(text);
      else names.set(text, { name: `prova_${++given}`, wildcard: WILDCARD.test(text) });
    },
  };
}

export type StatementNames = ReturnType<typeof statementNames>;

type Send = (...args: unknown[]) => Promise<pg.QueryResult>;

/**
 * Sends `client`'s queries with parameters under their names. A named statement that went stale is renamed, so
 * that every connection prepares it afresh, and the query runs again unnamed, unless a transaction is open: the
 * error has aborted it, and the request fails once (a column's type changed: a migration that asks for all
 * instances to be stopped).
 */
export function nameQueries(client: pg.PoolClient, names: StatementNames): void {
  const send = client.query.bind(client) as Send;
  // A query object made from the text, then named: a config object with the name would be copied property by
  // property by node-postgres (Object.getOwnPropertyDescriptors), which cost more than the parse it saves.
  const sendNamed = (name: string, text: string, values: unknown[]) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      const query = new pg.Query(text, values, (error: Error | undefined, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result),
      );
      (query as unknown as { name: string }).name = name;
      void send(query);
    });
  let inTransaction = false;
  const named = async (text: string, values: unknown[]) => {
    const name = names.of(text, inTransaction);
    if (name === undefined) return send(text, values);
    try {
      return await sendNamed(name, text, values);
    } catch (error) {
      if (!isStale(error)) throw error;
      names.rename(text);
      if (inTransaction) throw error;
      return send(text, values);
    }
  };
  (client as unknown as { query: Send }).query = (...args) => {
    const [text, values] = args;
    // Only the promise form with parameters, which is all Kysely sends them in; anything else goes as it came.
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) return named(text, values);
    if (typeof text === 'string') {
      const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
      if (word === 'begin' || word === 'start') inTransaction = true;
      else if (word === 'commit' || word === 'end' || word === 'abort') inTransaction = false;
      else if (word === 'rollback' && !/^\s*rollback\s+to\b/i.test(text)) inTransaction = false;
    }
    return send(...args);
  };
}
