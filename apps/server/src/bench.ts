// What the benchmark (the bench/ workspace, `npm run bench`) may use of the server, as `@prova/server/bench`: the paths
// it measures in process and what it builds its databases and in-process servers with. Nothing else of src/ is
// reachable from outside; whatever the bench needs beside this, it measures over the built server (dist/).
export { buildActivitiesApp } from './activities-app';
export { buildApp } from './app';
export { runImport } from './cli/import';
export { loadEnv } from './config/env';
export { prepareBundlePackages } from './content/bundle-packages';
export { readBundleZip } from './content/bundle-source';
export { migrateToLatest, openDatabase } from './db/database';
export { importBundle } from './import/import-bundle';
export { seedDemoIfEmpty } from './import/seed-demo';
export { SESSION_COOKIE } from './plugins/session';
export { createContentRepository } from './repositories/content-repository';
export { createRepositories } from './repositories/create-repositories';
export { hashOnThreadPool } from './services/passwords';
export { computeReport, type ReportInputs } from './services/reports/compute-report';
export { renderReportPdf } from './services/reports/render-report-pdf';
export { itemAnalysis } from './services/staff/item-analysis';
