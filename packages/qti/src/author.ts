// `@prova/qti/author`: a test written in the console as a QTI 3 package, and such a package read back.
export * from './author/index';
