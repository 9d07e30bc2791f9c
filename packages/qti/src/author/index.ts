// Tests written in the console as QTI 3 packages, and back (docs/qti.md, "Tests written in the console").
export { writeAuthoredTest } from './write';
export { readAuthoredTest, type ReadAuthoredTest } from './read';
export { TOOL_NAME, TOOL_VERSION } from './layout';
