// `@prova/qti/scoring`: the scoring model compiled from a package, and a candidate scored with it.
export * from './scoring/index';
