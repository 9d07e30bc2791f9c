// What an import did, per kind of record. `unchanged` rows matched and were already as the bundle says.

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface ImportSummary {
  languages: ImportCounts;
  companies: ImportCounts;
  users: ImportCounts;
  tests: ImportCounts;
  campaigns: ImportCounts;
  campaignTests: ImportCounts;
  participants: ImportCounts;
  assessments: ImportCounts;
  relations360: ImportCounts;
  /** Content packages: created when stored now, unchanged when the same package was stored before. */
  packages: ImportCounts;
  norms: ImportCounts;
}

export function emptySummary(): ImportSummary {
  const counts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, removed: 0 });
  return {
    languages: counts(),
    companies: counts(),
    users: counts(),
    tests: counts(),
    campaigns: counts(),
    campaignTests: counts(),
    participants: counts(),
    assessments: counts(),
    relations360: counts(),
    packages: counts(),
    norms: counts(),
  };
}

/** One line per kind of record that the import touched, e.g. `users: 2 created, 1 updated, 3 unchanged`. */
export function formatSummary(summary: ImportSummary): string[] {
  return Object.entries(summary).flatMap(([kind, c]) => {
    const parts = (['created', 'updated', 'unchanged', 'removed'] as const).filter((k) => c[k] > 0).map((k) => `${c[k]} ${k}`);
    return parts.length ? [`${kind}: ${parts.join(', ')}`] : [];
  });
}
