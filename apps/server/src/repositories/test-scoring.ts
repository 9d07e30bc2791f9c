import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of domain/test-scoring.ts (isServerScored), as a condition on a `tests` row.

/** The server scores the test: it has a scoring script or is a QTI package. */
export const isServerScored = (eb: ExpressionBuilder<Database, 'tests'>) =>
  eb.or([eb('tests.algorithm', 'is not', null), eb('tests.package_kind', '=', 'qti')]);

/** The same, as a raw condition on the tests row `t` (for a subquery written in SQL). */
export const isServerScoredSql = sql`(t.algorithm is not null or t.package_kind = 'qti')`;
