import type { ContentPackageKind } from '@prova/contract/content';

// Who scores a test, and so whose outcomes its reports and exports read: the server, for a scoring
// script or a QTI package (the browser's outcomes are kept as a record only); the content itself, for a
// SCORM package (its own report, not rescored); else what the activity recorded.

export type ResultSource = 'server' | 'content' | 'client';

export interface ScoredTest {
  algorithm: string | null;
  /** Absent: not a package. */
  package_kind?: ContentPackageKind | null;
}

/** The server scores it: its outcomes come from the stored progress once the test is complete. */
export const isServerScored = (test: ScoredTest) => test.algorithm !== null || test.package_kind === 'qti';

/** The outcomes that stand for the test's result. */
export const resultSourceOf = (test: ScoredTest): ResultSource =>
  isServerScored(test) ? 'server' : test.package_kind === 'scorm' ? 'content' : 'client';

/** The source an activity's posted outcomes are kept under: a SCORM course's are the content's own report. */
export const postedOutcomesSource = (test: Pick<ScoredTest, 'package_kind'>): 'content' | 'client' =>
  test.package_kind === 'scorm' ? 'content' : 'client';
