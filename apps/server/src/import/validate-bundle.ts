import {
  BUNDLE_ITEM_SCHEMAS,
  type Bundle,
  type BundleCampaign,
  type BundleCompany,
  type BundleNorm,
  type BundleTest,
  type BundleUser,
  bundleSchema,
  PACKAGES_BUNDLE_VERSION,
  testJsonDataSchema,
} from '@prova/contract/bundle';
import { adaptiveBankIssues } from '@prova/contract/adaptive';
import { formatPath } from '@prova/contract/errors';
import { DB_INT_MAX, TEST_360_ID } from '@prova/contract/limits';
import type { Db } from '../db/database';
import { type ActivityOrigins, PATHS_ONLY, testUrlProblem } from '../domain/activity-origins';
import { findUnstorable } from '../domain/storable-value';
import { readColumn } from '../repositories/json-column-readers';

// Checks a bundle before anything is written: its shape (the contract schema), then every reference
// between its records and to what the database already holds. Every problem is collected, as
// `path: message`, so staff can fix a bundle in one pass.

/** The existing row each bundle record updates (null: the record is created). */
export interface BundleMatches {
  companies: (number | null)[];
  users: (number | null)[];
}

/** `notes`: what imports but may not be what staff meant (`path: message`, as problems are). */
export type BundleValidation = { ok: true; bundle: Bundle; matches: BundleMatches; notes: string[] } | { ok: false; problems: string[] };

type Path = (string | number)[];
type Indexed<T> = { at: number; item: T }[];

interface Parts {
  companies: Indexed<BundleCompany>;
  users: Indexed<BundleUser>;
  tests: Indexed<BundleTest>;
  campaigns: Indexed<BundleCampaign>;
  norms: Indexed<BundleNorm>;
}

const SELF_RELATION_ID = 3;

export interface ValidateOptions {
  /** The origins the server frames (its settings): a test url on another origin is a problem. Default: paths only. */
  activityOrigins?: ActivityOrigins;
  /** Told how many of the bundle's records are parsed, step by step. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The package files the bundle's tests name that were read and prepared (by file), and the problems
   * found reading the others: listed with the bundle's own. Absent: the bundle has no files.
   */
  packages?: { refs: ReadonlyMap<string, unknown>; problems: readonly string[] };
  /** A console import's company (by name): the bundle's norms are its own. */
  company?: string;
}

export async function validateBundle(db: Db, input: unknown, options: ValidateOptions = {}): Promise<BundleValidation> {
  const { activityOrigins = PATHS_ONLY } = options;
  const problems: string[] = [];
  const report = (path: Path, message: string) => problems.push(`${formatPath('', path) || 'bundle'}: ${message}`);
  const notes: string[] = [];
  const note = (path: Path, message: string) => notes.push(`${formatPath('', path) || 'bundle'}: ${message}`);

  // What no database column could keep (a NUL character, nesting past the API's limit) is a problem, not a failed write.
  const unstorable = findUnstorable(input);
  if (unstorable) report(unstorable.path, unstorable.message);

  // The records that are valid on their own have their references checked too, so one pass lists everything.
  const parsed = await parseInSteps(input, options.onProgress);
  for (const issue of parsed.issues) report(issue.path, issue.message);
  if (parsed.bundle) checkDuplicateLanguages(parsed.bundle, report);

  // Only the operator's origins are framed (ACTIVITY_ORIGINS): a bundle cannot add one.
  for (const { at, item: t } of parsed.parts.tests) {
    const problem = t.url === undefined ? null : testUrlProblem(t.url, activityOrigins);
    if (problem) report(['tests', at, 'url'], problem);
  }
  checkPackages(input, parsed.parts.tests, options.packages, report);
  problems.push(...(options.packages?.problems ?? []));

  const raw = rawKeys(input);
  const matches = await checkReferences(db, parsed.parts, raw, report, note, options.company);

  const unique = [...new Set(problems)];
  if (!parsed.bundle || unique.length > 0) return { ok: false, problems: unique };
  return { ok: true, bundle: parsed.bundle, matches, notes };
}

/** A package test needs a version 2 bundle, and its file read (why not, when it was not, is among the packages' problems). */
function checkPackages(input: unknown, tests: Indexed<BundleTest>, packages: ValidateOptions['packages'], report: Report) {
  const withPackage = tests.filter(({ item }) => item.package);
  if (withPackage.length === 0) return;
  const version = isRecord(input) ? input.version : undefined;
  if (version !== PACKAGES_BUNDLE_VERSION)
    report(['version'], `tests with a package need "version": ${PACKAGES_BUNDLE_VERSION} (tests[${withPackage[0].at}])`);
  const told = new Set((packages?.problems ?? []).map((p) => p.split(':')[0]));
  for (const { at, item } of withPackage) {
    const file = item.package!.file;
    const path = `tests[${at}].package`;
    if (!packages?.refs.has(file) && !told.has(`${path}.file`) && !told.has(`${path}.type`))
      report(['tests', at, 'package', 'file'], `no file "${file}" in the bundle`);
    // An adaptive test's parameters and its package's items: one for one.
    const bank = (packages?.refs.get(file) as { adaptive?: { bank: Record<string, unknown> } } | undefined)?.adaptive?.bank;
    if (item.adaptive && bank) {
      for (const issue of adaptiveBankIssues(item.adaptive, Object.keys(bank)))
        report(['tests', at, 'adaptive', ...issue.path], issue.message);
    }
  }
}

/** Records parsed between two turns of the event loop: a large bundle never holds up other requests for long. */
const PARSE_STEP = 100;
const LISTS = ['languages', 'companies', 'users', 'tests', 'campaigns', 'norms'] as const;

/**
 * The bundle as the contract's schema reads it, a record at a time and yielding to the event loop between
 * steps, so that a bundle of megabytes does not stop the server: the same issues, the same result.
 */
async function parseInSteps(
  input: unknown,
  onProgress?: (done: number, total: number) => void,
): Promise<{ bundle: Bundle | null; parts: Parts; issues: { path: Path; message: string }[] }> {
  const parts: Parts = { companies: [], users: [], tests: [], campaigns: [], norms: [] };
  const record = isRecord(input) ? input : undefined;
  const lists = record ? LISTS.filter((key) => Array.isArray(record[key])) : [];
  // The document without its lists' records: the version, and lists that are not lists.
  const shell = record ? { ...record, ...Object.fromEntries(lists.map((key) => [key, []])) } : input;
  const top = bundleSchema.safeParse(shell);
  const issues = top.success ? [] : top.error.issues.map((i) => ({ path: i.path as Path, message: i.message }));
  const out: Record<string, unknown[]> = {};
  const total = lists.reduce((n, key) => n + (record![key] as unknown[]).length, 0);
  let done = 0;
  onProgress?.(0, total);
  for (const key of lists) {
    const items = record![key] as unknown[];
    const valid: unknown[] = [];
    for (let at = 0; at < items.length; at++) {
      const result = BUNDLE_ITEM_SCHEMAS[key].safeParse(items[at]);
      if (result.success) {
        valid.push(result.data);
        if (key !== 'languages') (parts[key] as Indexed<unknown>).push({ at, item: result.data });
      } else for (const i of result.error.issues) issues.push({ path: [key, at, ...(i.path as Path)], message: i.message });
      if (++done % PARSE_STEP === 0) {
        onProgress?.(done, total);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    out[key] = valid;
  }
  onProgress?.(total, total);
  if (!top.success || issues.length) return { bundle: null, parts, issues };
  return { bundle: { ...top.data, ...out } as Bundle, parts, issues };
}

/** Names, e-mails and ids written in the bundle, valid or not: an invalid record is reported once, not again by every reference to it. */
function rawKeys(input: unknown) {
  const list = (key: string) => (isRecord(input) && Array.isArray(input[key]) ? (input[key] as unknown[]).filter(isRecord) : []);
  return {
    companies: new Set(
      list('companies')
        .map((c) => (typeof c.name === 'string' ? c.name.trim() : ''))
        .filter(Boolean),
    ),
    emails: new Set(
      list('users')
        .map((u) => (typeof u.email === 'string' ? u.email.trim().toLowerCase() : ''))
        .filter(Boolean),
    ),
    tests: new Set(
      list('tests')
        .map((t) => t.id)
        .filter((id): id is number => typeof id === 'number'),
    ),
  };
}

function checkDuplicateLanguages(bundle: Bundle, report: (path: Path, message: string) => void) {
  const seen = new Map<string, number>();
  bundle.languages.forEach((l, at) => {
    const first = seen.get(l.lang);
    if (first !== undefined) report(['languages', at, 'lang'], `duplicate language "${l.lang}" (also languages[${first}])`);
    else seen.set(l.lang, at);
  });
}

async function checkReferences(
  db: Db,
  parts: Parts,
  raw: ReturnType<typeof rawKeys>,
  report: Report,
  note: Report,
  ownCompany?: string,
): Promise<BundleMatches> {
  // Of the stored tests, the settings only of those the bundle's campaigns list and it does not replace (their own
  // prerequisites): a catalogue's settings are large, and an import names few of its tests.
  const bundleTests = new Set(parts.tests.map(({ item }) => item.id));
  const listed = [...new Set(parts.campaigns.flatMap(({ item }) => (item.tests ?? []).map((t) => t.test)))].filter(
    (id) => !bundleTests.has(id),
  );
  const [dbCompanies, dbUsers, dbTests, listedSettings] = await Promise.all([
    db.selectFrom('companies').select(['id', 'name', 'sso_slug']).execute(),
    db.selectFrom('users').select(['id', 'email', 'company_id']).execute(),
    db.selectFrom('tests').select(['id', 'abbreviation']).execute(),
    listed.length ? db.selectFrom('tests').select(['id', 'json_data']).where('id', 'in', listed).execute() : [],
  ]);
  const matches: BundleMatches = { companies: [], users: [] };

  // Companies: matched by id, else by name.
  const companyById = new Map(dbCompanies.map((c) => [c.id, c]));
  const companyByName = new Map(dbCompanies.map((c) => [c.name, c]));
  const companyBySlug = new Map(dbCompanies.filter((c) => c.sso_slug).map((c) => [c.sso_slug as string, c]));
  const renamedCompanies = new Set<number>();
  {
    const names = new Map<string, number>();
    const ids = new Map<number, number>();
    const slugs = new Map<string, number>();
    const rows = new Map<number, number>();
    for (const { at, item: c } of parts.companies) {
      const path = ['companies', at];
      duplicate(names, c.name, at, () => report([...path, 'name'], `duplicate company "${c.name}" (also companies[${names.get(c.name)}])`));
      if (c.id !== undefined)
        duplicate(ids, c.id, at, () => report([...path, 'id'], `duplicate company id ${c.id} (also companies[${ids.get(c.id!)}])`));
      if (c.sso) {
        const slug = c.sso.slug;
        duplicate(slugs, slug, at, () =>
          report([...path, 'sso', 'slug'], `duplicate SSO slug "${slug}" (also companies[${slugs.get(slug)}])`),
        );
      }
      const match = (c.id !== undefined ? companyById.get(c.id) : undefined) ?? companyByName.get(c.name);
      matches.companies[at] = match?.id ?? null;
      if (!match) continue;
      duplicate(rows, match.id, at, () => report(path, `matches the same company as companies[${rows.get(match.id)}]`));
      const owner = companyByName.get(c.name);
      if (owner && owner.id !== match.id) report([...path, 'name'], `"${c.name}" is already another company's name`);
      if (match.name !== c.name) renamedCompanies.add(match.id);
      const slugOwner = c.sso ? companyBySlug.get(c.sso.slug) : undefined;
      if (slugOwner && slugOwner.id !== match.id)
        report([...path, 'sso', 'slug'], `"${c.sso!.slug}" is already another company's SSO slug`);
    }
    for (const { at, item: c } of parts.companies) {
      const slugOwner = c.sso ? companyBySlug.get(c.sso.slug) : undefined;
      if (slugOwner && matches.companies[at] === null)
        report(['companies', at, 'sso', 'slug'], `"${c.sso!.slug}" is already another company's SSO slug`);
    }
  }
  checkIdRoom('companies', dbCompanies, parts.companies, matches.companies, report);
  const companyNames = new Set([
    ...dbCompanies.filter((c) => !renamedCompanies.has(c.id)).map((c) => c.name),
    ...parts.companies.map((c) => c.item.name),
    ...raw.companies,
  ]);

  // Users: matched by id, else by e-mail.
  const userById = new Map(dbUsers.map((u) => [u.id, u]));
  const userByEmail = new Map(dbUsers.map((u) => [u.email, u]));
  const renamedUsers = new Set<number>();
  {
    const emails = new Map<string, number>();
    const ids = new Map<number, number>();
    const rows = new Map<number, number>();
    for (const { at, item: u } of parts.users) {
      const path = ['users', at];
      duplicate(emails, u.email, at, () => report([...path, 'email'], `duplicate user "${u.email}" (also users[${emails.get(u.email)}])`));
      if (u.id !== undefined)
        duplicate(ids, u.id, at, () => report([...path, 'id'], `duplicate user id ${u.id} (also users[${ids.get(u.id!)}])`));
      if (!companyNames.has(u.company)) report([...path, 'company'], `unknown company "${u.company}"`);
      const match = (u.id !== undefined ? userById.get(u.id) : undefined) ?? userByEmail.get(u.email);
      matches.users[at] = match?.id ?? null;
      if (!match) continue;
      duplicate(rows, match.id, at, () => report(path, `matches the same user as users[${rows.get(match.id)}]`));
      const owner = userByEmail.get(u.email);
      if (owner && owner.id !== match.id) report([...path, 'email'], `"${u.email}" is already another user's e-mail`);
      if (match.email !== u.email) renamedUsers.add(match.id);
    }
  }
  checkIdRoom('users', dbUsers, parts.users, matches.users, report);
  const emails = new Set([
    ...dbUsers.filter((u) => !renamedUsers.has(u.id)).map((u) => u.email),
    ...parts.users.map((u) => u.item.email),
    ...raw.emails,
  ]);
  const checkUser = (path: Path, email: string) => {
    if (!emails.has(email)) report(path, `unknown user "${email}"`);
  };
  // A campaign's people belong to its company: a bundle user's company, else the stored one.
  const companyOfUser = new Map<string, string>();
  for (const u of dbUsers) {
    const name = companyById.get(u.company_id)?.name;
    if (name) companyOfUser.set(u.email, name);
  }
  for (const { item: u } of parts.users) companyOfUser.set(u.email, u.company);
  const checkMember =
    (company: string): Check<string> =>
    (path, email) => {
      checkUser(path, email);
      const own = companyOfUser.get(email);
      if (own !== undefined && own !== company) report(path, `"${email}" belongs to another company, not to the campaign's "${company}"`);
    };

  // Tests: the id is required and is the key; the abbreviation must stay unique.
  const testIds = new Set([...dbTests.map((t) => t.id), ...raw.tests]);
  const checkTest = (path: Path, id: number) => {
    if (!testIds.has(id)) report(path, `unknown test ${id}`);
  };
  // A test's own prerequisites, as the import leaves them: the bundle's test replaces the stored one.
  const ownPrerequisites = new Map(listedSettings.map((t) => [t.id, readColumn(testJsonDataSchema, t.json_data, {}).prerequisites ?? []]));
  for (const { item: t } of parts.tests) ownPrerequisites.set(t.id, t.jsonData.prerequisites ?? []);
  {
    const ids = new Map<number, number>();
    const abbreviations = new Map<string, number>();
    const abbreviationOwner = new Map(dbTests.map((t) => [t.abbreviation, t.id]));
    for (const { at, item: t } of parts.tests) {
      const path = ['tests', at];
      duplicate(ids, t.id, at, () => report([...path, 'id'], `duplicate test id ${t.id} (also tests[${ids.get(t.id)}])`));
      duplicate(abbreviations, t.abbreviation, at, () =>
        report([...path, 'abbreviation'], `duplicate abbreviation "${t.abbreviation}" (also tests[${abbreviations.get(t.abbreviation)}])`),
      );
      const owner = abbreviationOwner.get(t.abbreviation);
      if (owner !== undefined && owner !== t.id)
        report([...path, 'abbreviation'], `"${t.abbreviation}" is already another test's abbreviation`);
      (t.jsonData.prerequisites ?? []).forEach((id, k) => {
        const p = [...path, 'jsonData', 'prerequisites', k];
        if (id === t.id) report(p, 'a test cannot be its own prerequisite');
        else checkTest(p, id);
      });
      if (t.labels360 && t.id !== TEST_360_ID) report([...path, 'labels360'], `labels360 belong to the 360 test (id ${TEST_360_ID})`);
      if (t.algorithm !== undefined) {
        const problem = checkAlgorithm(t.algorithm);
        if (problem) report([...path, 'algorithm'], problem);
      }
      if (t.owner !== undefined && !companyNames.has(t.owner)) report([...path, 'owner'], `unknown company "${t.owner}"`);
      (t.sharedWith ?? []).forEach((name, k) => {
        if (!companyNames.has(name)) report([...path, 'sharedWith', k], `unknown company "${name}"`);
      });
    }
  }

  // Campaigns and everything hanging from them.
  const campaignIds = new Map<number, number>();
  for (const { at, item: c } of parts.campaigns) {
    const path = ['campaigns', at];
    duplicate(campaignIds, c.id, at, () =>
      report([...path, 'id'], `duplicate campaign id ${c.id} (also campaigns[${campaignIds.get(c.id)}])`),
    );
    if (!companyNames.has(c.company)) report([...path, 'company'], `unknown company "${c.company}"`);
    if (Date.parse(c.dateEnd) <= Date.parse(c.dateStart)) report([...path, 'dateEnd'], 'must be after dateStart');
    const langs = new Map<string, number>();
    c.languages.forEach((lang, k) => duplicate(langs, lang, k, () => report([...path, 'languages', k], `duplicate language "${lang}"`)));
    checkCampaignTests(c, path, checkTest, ownPrerequisites, report, note);
    checkMembers(c, path, checkMember(c.company), checkTest, report);
    checkQuestions360(c, path, report);
    checkScale360(c, path, report);
    checkModel(c, path, checkTest, report);
    const documents = new Map<number, number>();
    (c.report?.documents ?? []).forEach((d, k) =>
      duplicate(documents, d.id, k, () => report([...path, 'report', 'documents', k, 'id'], `duplicate document id ${d.id}`)),
    );
  }
  await checkNorms(db, parts, companyById, ownCompany, checkTest, report);
  return matches;
}

/**
 * Norms: unique ids, a known test, one company (given, the uploader's, or that of the campaigns naming it), and an id
 * that is not another company's norm; a campaign's norms are the bundle's or its company's stored ones.
 */
async function checkNorms(
  db: Db,
  parts: Parts,
  companyById: Map<number, { name: string }>,
  ownCompany: string | undefined,
  checkTest: Check<number>,
  report: Report,
) {
  const named = parts.campaigns.flatMap(({ item: c }) => c.norms ?? []);
  const ids = [...new Set([...parts.norms.map((n) => n.item.id), ...named])];
  const stored = new Map<number, string | undefined>();
  for (let i = 0; i < ids.length; i += 500)
    for (const row of await db
      .selectFrom('norms')
      .select(['id', 'company_id'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      stored.set(row.id, companyById.get(row.company_id)?.name);
  const companyOf = normCompanies(parts, ownCompany);
  const seen = new Map<number, number>();
  for (const { at, item: norm } of parts.norms) {
    const path = ['norms', at];
    duplicate(seen, norm.id, at, () => report([...path, 'id'], `duplicate norm id ${norm.id} (also norms[${seen.get(norm.id)}])`));
    checkTest([...path, 'test'], norm.test);
    // Named by no campaign of the bundle: the company it has.
    const company = companyOf.get(norm.id) ?? (companyOf.get(norm.id) === undefined ? stored.get(norm.id) : null);
    if (company === null) report([...path, 'company'], 'the campaigns that name this norm belong to different companies: name its company');
    else if (company === undefined) report([...path, 'company'], 'name the company the norm belongs to, or list it in a campaign’s norms');
    else if (stored.has(norm.id) && stored.get(norm.id) !== company) report([...path, 'id'], `id ${norm.id} is taken`);
  }
  const inBundle = new Map(parts.norms.map(({ item }) => [item.id, companyOf.get(item.id)]));
  for (const { at, item: c } of parts.campaigns) {
    const twice = new Map<number, number>();
    (c.norms ?? []).forEach((id, k) => {
      const path = ['campaigns', at, 'norms', k];
      duplicate(twice, id, k, () => report(path, `norm ${id} is listed twice`));
      const company = inBundle.has(id) ? inBundle.get(id) : stored.get(id);
      if (!inBundle.has(id) && !stored.has(id)) report(path, `unknown norm ${id}`);
      else if (company && company !== c.company) report(path, `norm ${id} is not one of "${c.company}"'s norms`);
    });
  }
}

/** Each bundle norm's company: given, else the uploader's, else that of the campaigns naming it (null: they differ). */
export function normCompanies(parts: Pick<Parts, 'norms' | 'campaigns'>, ownCompany?: string): Map<number, string | null | undefined> {
  const out = new Map<number, string | null | undefined>();
  for (const { item: norm } of parts.norms) {
    if (norm.company !== undefined || ownCompany !== undefined) {
      out.set(norm.id, norm.company ?? ownCompany);
      continue;
    }
    const companies = new Set(parts.campaigns.filter(({ item: c }) => c.norms?.includes(norm.id)).map(({ item: c }) => c.company));
    out.set(norm.id, companies.size === 1 ? [...companies][0] : companies.size === 0 ? undefined : null);
  }
  return out;
}

type Report = (path: Path, message: string) => void;
type Check<K> = (path: Path, key: K) => void;

/**
 * Companies and users are numbered by the database after the highest id: every id, given or numbered,
 * stays below DB_INT_MAX, or PostgreSQL's numbering would overflow in the middle of the writes.
 */
function checkIdRoom(
  list: 'companies' | 'users',
  stored: { id: number }[],
  items: Indexed<{ id?: number }>,
  matches: (number | null)[],
  report: Report,
) {
  const created = items.filter(({ at }) => matches[at] === null);
  const highest = [...stored.map((r) => r.id), ...created.map(({ item }) => item.id ?? 0)].reduce((a, b) => Math.max(a, b), 0);
  const numbered = created.filter(({ item }) => item.id === undefined).length;
  if (highest + numbered >= DB_INT_MAX)
    report([list], `ids run out: the highest is ${highest} and ${numbered} more would be numbered after it; ids stay below ${DB_INT_MAX}`);
}

function checkCampaignTests(
  c: BundleCampaign,
  path: Path,
  checkTest: Check<number>,
  ownPrerequisites: ReadonlyMap<number, readonly number[]>,
  report: Report,
  note: Report,
) {
  if (!c.tests) return;
  const inCampaign = new Set(c.tests.map((t) => t.test));
  const seen = new Map<number, number>();
  const sections = c.theme === 'challenge' && isRecord(c.data?.sections) ? new Set(Object.keys(c.data.sections)) : null;
  c.tests.forEach((t, k) => {
    const p = [...path, 'tests', k];
    duplicate(seen, t.test, k, () => report([...p, 'test'], `test ${t.test} is listed twice (also tests[${seen.get(t.test)}])`));
    checkTest([...p, 'test'], t.test);
    if (t.test === TEST_360_ID && !c.is360)
      report([...p, 'test'], `test ${TEST_360_ID} is the 360 test: set "is360": true on the campaign`);
    t.prerequisites.forEach((id, j) => {
      const q = [...p, 'prerequisites', j];
      if (id === t.test) report(q, 'a test cannot be its own prerequisite');
      else if (!inCampaign.has(id)) report(q, `test ${id} is not in this campaign`);
    });
    // Its own prerequisites hold in every campaign listing it: one left out keeps it locked for whoever has not completed
    // that test here already (staff may drop a test people took, so a note rather than a problem).
    for (const id of ownPrerequisites.get(t.test) ?? [])
      if (id !== t.test && !inCampaign.has(id))
        note(
          [...p, 'test'],
          `test ${t.test} needs test ${id} first (its jsonData.prerequisites), which is not in this campaign: it stays locked for everyone who has not completed ${id} in it already`,
        );
    if (sections && t.section && !sections.has(t.section))
      report([...p, 'section'], `unknown section "${t.section}" (not in data.sections)`);
  });
}

function checkMembers(c: BundleCampaign, path: Path, checkUser: Check<string>, checkTest: Check<number>, report: Report) {
  const seen = new Map<string, number>();
  (c.participants ?? []).forEach((m, k) => {
    const p = [...path, 'participants', k];
    duplicate(seen, m.user, k, () => report([...p, 'user'], `"${m.user}" is listed twice (also participants[${seen.get(m.user)}])`));
    checkUser([...p, 'user'], m.user);
    if (m.lang && !c.languages.includes(m.lang)) report([...p, 'lang'], `"${m.lang}" is not one of the campaign's languages`);
  });

  const campaignTests = c.tests ? new Set(c.tests.map((t) => t.test)) : null;
  (c.assessments ?? []).forEach((a, k) => {
    const p = [...path, 'assessments', k];
    checkUser([...p, 'assessor'], a.assessor);
    a.assessed.forEach((email, j) => checkUser([...p, 'assessed', j], email));
    (a.tests ?? []).forEach((id, j) => {
      if (campaignTests && !campaignTests.has(id)) report([...p, 'tests', j], `test ${id} is not in this campaign`);
      else checkTest([...p, 'tests', j], id);
    });
  });

  if (c.relations360?.length && !c.is360) report([...path, 'relations360'], 'relations360 need "is360": true on the campaign');
  const pairs = new Map<string, number>();
  (c.relations360 ?? []).forEach((r, k) => {
    const p = [...path, 'relations360', k];
    checkUser([...p, 'evaluator'], r.evaluator);
    checkUser([...p, 'evaluee'], r.evaluee);
    const pair = `${r.evaluator} -> ${r.evaluee}`;
    duplicate(pairs, pair, k, () => report(p, `${pair} is listed twice (also relations360[${pairs.get(pair)}])`));
    if (r.relationId === SELF_RELATION_ID && r.evaluator !== r.evaluee) {
      report([...p, 'relationId'], `relation ${SELF_RELATION_ID} is self-evaluation: evaluator and evaluee must be the same person`);
    }
  });
}

function checkScale360(c: BundleCampaign, path: Path, report: Report) {
  if (!c.scale360) return;
  if (!c.is360) report([...path, 'scale360'], 'scale360 needs "is360": true on the campaign');
  for (const point of Object.keys(c.scale360.labels))
    if (Number(point) > c.range360Num)
      report([...path, 'scale360', 'labels', point], `the scale has the points 1 to ${c.range360Num} (range360Num)`);
}

function checkQuestions360(c: BundleCampaign, path: Path, report: Report) {
  const q = c.questions360;
  if (!q) return;
  for (const kind of ['closed', 'linked', 'open'] as const) {
    const ids = new Map<number, number>();
    q[kind].forEach((question, k) =>
      duplicate(ids, question.id, k, () => report([...path, 'questions360', kind, k, 'id'], `duplicate question id ${question.id}`)),
    );
  }
  q.linked.forEach((l, k) => {
    const p = [...path, 'questions360', 'linked', k];
    if (l.max_answers < l.min_answers) report([...p, 'max_answers'], 'must not be less than min_answers');
    if (l.min_answers > l.answers.length) report([...p, 'min_answers'], `asks for more answers than the ${l.answers.length} offered`);
    const answers = new Map<number, number>();
    l.answers.forEach((a, j) => duplicate(answers, a.id, j, () => report([...p, 'answers', j, 'id'], `duplicate answer id ${a.id}`)));
  });
}

function checkModel(c: BundleCampaign, path: Path, checkTest: Check<number>, report: Report) {
  const m = c.model;
  if (!m) return;
  const p = [...path, 'model'];
  const idsOf = (level: 'areas' | 'skills' | 'markers' | 'tasks') => {
    const ids = new Map<number, number>();
    m[level].forEach((x, k) => duplicate(ids, x.id, k, () => report([...p, level, k, 'id'], `duplicate id ${x.id}`)));
    return ids;
  };
  const areas = idsOf('areas');
  const skills = idsOf('skills');
  const markers = idsOf('markers');
  idsOf('tasks');
  m.skills.forEach((s, k) => {
    if (!areas.has(s.areaId)) report([...p, 'skills', k, 'areaId'], `unknown area ${s.areaId}`);
  });
  m.markers.forEach((x, k) => {
    if (!skills.has(x.skillId)) report([...p, 'markers', k, 'skillId'], `unknown skill ${x.skillId}`);
  });
  m.tasks.forEach((t, k) => {
    if (!markers.has(t.markerId)) report([...p, 'tasks', k, 'markerId'], `unknown marker ${t.markerId}`);
    checkTest([...p, 'tasks', k, 'test'], t.test);
    if (t.max <= t.min) report([...p, 'tasks', k, 'max'], 'must be greater than min');
  });
}

/** Compiles (never runs) a scoring script to catch syntax errors at import time. */
export function checkAlgorithm(source: string): string | null {
  try {
    new Function(source);
  } catch (error) {
    return `the script does not compile: ${(error as Error).message}`;
  }
  if (!/\bcomputeOutcomes\b/.test(source)) return 'the script must define function computeOutcomes(data)';
  return null;
}

/** Records the first position of a key; calls `onDuplicate` when the key was seen before. */
function duplicate<K>(seen: Map<K, number>, key: K, at: number, onDuplicate: () => void) {
  if (seen.has(key)) onDuplicate();
  else seen.set(key, at);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
