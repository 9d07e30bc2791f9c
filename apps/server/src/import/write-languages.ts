import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';

// The three interface languages always exist; a bundle may rename them.
const BUILT_IN = [
  { lang: 'IT_it', name: 'Italiano' },
  { lang: 'EN_en', name: 'English' },
  { lang: 'ES_es', name: 'Español' },
];

export async function writeLanguages(db: Db, languages: Bundle['languages'], counts: ImportCounts): Promise<void> {
  const existing = new Map((await db.selectFrom('languages').selectAll().execute()).map((l) => [l.lang, l]));
  const listed = new Set(languages.map((l) => l.lang));
  // Built-ins a bundle does not list are only added when missing, never renamed back.
  const wanted = [...languages, ...BUILT_IN.filter((l) => !listed.has(l.lang as never) && !existing.has(l.lang))];
  for (const language of wanted) {
    const row = existing.get(language.lang);
    if (!row) {
      await db.insertInto('languages').values({ lang: language.lang, name: language.name }).execute();
      counts.created++;
      continue;
    }
    const patch = diffRow(row, { name: language.name });
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('languages').set(patch).where('lang', '=', language.lang).execute();
      counts.updated++;
    }
  }
}
