// The QTI scoring figure alone, in a few seconds (`npx tsx bench/qti.ts` at the root); `npm run bench`
// prints it with the others (BENCH_ONLY=qti keeps to it among the in-process scenarios).
import { targets } from './config';
import { describeQtiScoring, qtiScoring } from './scenarios/qti-scoring';

const figures = qtiScoring(40, Number(process.env.BENCH_QTI_RUNS ?? 3000));
console.log(`${describeQtiScoring(figures)} (aim: p95 < ${targets.qtiTestScoreP95Ms} ms)`);
