// Scoring QTI 3 on the server: compiled once per package (compile.ts), run per candidate (score.ts).
export { compileScoring, type CompiledScoring } from './compile';
export { ratedItems, scoreOneItem, scoreQti } from './score';
export type * from './model';
export { parseQtiScoringModel, qtiScoringModelSchema } from './model-schema';
