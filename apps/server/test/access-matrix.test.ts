// The access matrix: every /api route the app registers, classified by who may call it and whose data
// it concerns, then checked route by route ("every endpoint checks who is asking"; "never answer
// 500 for a user's mistake"). A route the table does not classify fails the test: add it below.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_SCOPES, type TokenScope } from '@prova/contract/integrations';
import { BODY_LIMIT_BYTES } from '@prova/contract/limits';
import { BUNDLE_UPLOAD_MAX_BYTES } from '@prova/contract/staff';
import { importBundle } from '../src/import/import-bundle';
import { TOKEN_ROUTE_SCOPES } from '../src/plugins/api-tokens';
import { PUBLIC_API_ROUTES } from '../src/plugins/default-deny';
import { buildTestApp, login, type SignedIn, signIn as signInAs, type TestApp } from './build-test-app';
import {
  accessBundle,
  ALFA,
  ANNA,
  BERTA,
  BETA,
  BRUNO,
  C_ANNA,
  C_BETA,
  C_ENDED,
  C_FUTURE,
  C_MAIN,
  ELENA,
  GINO,
  MALFORMED_SEGMENTS,
  MARCO,
  PASSWORD,
  REPORT_DOC,
  SANDRO,
  SOFIA,
} from './fixtures';

// ---------------------------------------------------------------------------------------------
// The table

/** Whose data a signed-in route concerns, and so who may reach it. */
type Concern =
  /** The caller's own account only (no ids in the path). */
  | 'caller'
  /** The campaign selected in the caller's session. */
  | 'selected-campaign'
  /** A campaign (and test) the caller takes part in, in their own company. */
  | 'participation'
  /** One person's progress or outcomes: the caller's own only, never someone else's. */
  | 'own-progress'
  /** The caller's own, or (for their assessor) a person assigned to them in that test. */
  | 'own-or-assigned'
  /** Assessors only, about the people assigned to them. */
  | 'assessor'
  /** Staff (admin, superassessor) of the company only. */
  | 'staff'
  /**
   * Staff only, and it writes (creates, changes, deletes, invites, imports, resets, exports): refused
   * here like a staff route, its rightful calls are each checked by the route's own tests.
   */
  | 'staff-write'
  /**
   * The platform's operator only (companies' single sign-on and staff, switching the current company): every other
   * caller 403, company staff included, whatever company they name.
   */
  | 'operator'
  /** The same, and it writes: refused here like an operator route, its rightful calls are the route's own tests. */
  | 'operator-write'
  /** A person's report: their own, their assessor's in that campaign, or the company's staff. */
  | 'report'
  /** A 360 campaign the caller takes part in, and only the people they evaluate there. */
  | 'evaluator';

interface RouteSpec {
  access: 'public' | Concern;
  /** What a bare `:id` names. */
  id?: 'campaign' | 'test' | 'company' | 'user' | 'sample' | 'language';
  /** Query parameters and what they name. */
  query?: Record<string, 'company' | 'campaign'>;
  /** A valid body, when the route takes one. */
  body?: Record<string, unknown>;
  /** Body paths (dotted) that accept several JSON types: a "wrong" type there need not be refused. */
  anyType?: string[];
  /** The route takes bodies up to this size (the bundle upload): a body past it is padded past this. */
  bodyLimit?: number;
  /** Failures end in a redirect (SSO), so a caller's mistake may answer 3xx instead of 4xx. */
  redirects?: boolean;
  /** Path parameters that name something else than PARAM_KINDS says (a QTI package test). */
  kinds?: Record<string, Kind>;
}

const OUTCOMES = { values: [{ questionId: 'q1', value: 3 }] };
/** A company's single sign-on as the operator's form sends it: a provider on a port nothing listens on. */
const SSO = { slug: 'matrice', issuer: 'http://127.0.0.1:9', clientId: 'matrice', clientSecret: 'segreto' };
/** The platform's operator, of a company of their own (imported beside the bundle: only the operator's import makes one). */
const OTTO = 'otto@piattaforma.example';
/** A test written in the console, as the form sends it. */
const AUTHORED = {
  title: { IT_it: 'Matrice' },
  languages: ['IT_it'],
  sections: [
    {
      title: { IT_it: 'Unica' },
      items: [{ kind: 'extended-text', id: 'q1', prompt: { IT_it: 'Racconta.' } }],
    },
  ],
};
const AUTHORED_TEST = { kinds: { testId: 'authoredTest' as const } };
/** A text of the test may be given as a plain string (Italian), as everywhere in the contract. */
const AUTHORED_TEXTS = ['test.title', 'test.sections.0.title', 'test.sections.0.items.0.prompt'];
const QTI_TEST = 110;
/** A QTI package test with an item an assessor rates: Elena rates Anna's answer there. */
const RATED_TEST = 111;

const MATRIX: Record<string, RouteSpec> = {
  // Signing in and out, password reset, SSO: nobody is signed in yet.
  'POST /api/auth/login': { access: 'public', body: { username: 'nobody@nowhere.example', password: 'not-the-password' } },
  'POST /api/auth/logout': { access: 'public' },
  'POST /api/auth/sendPasswordReset': { access: 'public', body: { email: 'nobody@nowhere.example' } },
  'POST /api/auth/checkToken': { access: 'public', body: { email: 'nobody@nowhere.example', token: 'not-a-token' } },
  'POST /api/auth/resetPassword': {
    access: 'public',
    body: {
      email: 'nobody@nowhere.example',
      token: 'not-a-token',
      password: 'Nuova-Password-2026',
      password_confirmation: 'Nuova-Password-2026',
    },
  },
  'GET /api/v2/auth/sso/:slug': { access: 'public', redirects: true },
  'GET /api/v2/auth/sso/:slug/callback': { access: 'public', redirects: true },
  'GET /api/health': { access: 'public' },

  'GET /api/auth/me': { access: 'caller' },
  'GET /api/auth/privacy/agreement': { access: 'selected-campaign' },
  'POST /api/auth/privacy/giveConsent': { access: 'selected-campaign' },
  'GET /api/usercampaign/list': { access: 'caller' },
  'GET /api/me/data': { access: 'caller' },
  'GET /api/me/data-export': { access: 'caller' },
  'GET /api/usercampaign': { access: 'selected-campaign' },
  'POST /api/usercampaign/:id': { access: 'participation', id: 'campaign', body: {} },
  'GET /api/usertests': { access: 'selected-campaign', query: { companyId: 'company' } },
  'GET /api/usertests/:id': { access: 'selected-campaign', id: 'test' },
  'POST /api/logs': { access: 'caller', body: { data: '{"event":"matrix"}' } },
  'GET /api/tests/:abbreviation/algorithm.js': { access: 'staff' },
  'POST /api/tests/checkSync/:campaignId': { access: 'participation', body: { tests: [{ testId: 104, version: 1 }] } },
  'POST /api/v2/rpc/:campaignId/:testId': { access: 'participation', body: { action: 'ping' } },

  'GET /api/tests/:testId/sync/:campaignId/:userId': { access: 'own-progress' },
  'POST /api/tests/:testId/start/:campaignId/:userId': { access: 'own-progress' },
  'POST /api/tests/:testId/sync/:campaignId/:userId': {
    access: 'own-progress',
    body: { version: 1, status: 'incomplete', data: '{"step":1}' },
    anyType: ['data'],
  },
  'POST /api/tests/:testId/status/:campaignId/:userId': { access: 'own-progress', body: { version: 2, status: 'incomplete' } },
  'POST /api/tests/:testId/data/:campaignId/:userId': {
    access: 'own-progress',
    body: { version: 3, data: '{"step":2}' },
    anyType: ['data'],
  },
  'POST /api/outcomes/:campaignId/:testId/:userId': {
    access: 'own-progress',
    body: OUTCOMES,
    anyType: ['values.0.questionId', 'values.0.value'],
  },
  'GET /api/tests/:testId/data/:campaignId/:userId': { access: 'own-or-assigned' },

  'GET /api/tests/:testId/assessedOutcomes/:campaignId': { access: 'assessor' },
  'POST /api/tests/:testId/assessedOutcomes/:campaignId/:userId': {
    access: 'assessor',
    body: OUTCOMES,
    anyType: ['values.0.questionId', 'values.0.value'],
  },
  'GET /api/users/assessed/:campaignId/:testId': { access: 'assessor' },
  'GET /api/usercampaign/:campaignId/assessments': { access: 'assessor' },
  'GET /api/ratings/:campaignId': { access: 'assessor' },
  'GET /api/ratings/:campaignId/:testId/:userId': { access: 'assessor', kinds: { testId: 'qtiTest' } },
  'PUT /api/ratings/:campaignId/:testId/:userId/:itemId': { access: 'assessor', kinds: { testId: 'qtiTest' }, body: { points: 1 } },

  'GET /api/report/:campaignId/config': { access: 'participation' },
  'GET /api/report/:campaignId/page': { access: 'participation' },
  'GET /api/reports': { access: 'participation', query: { campaignId: 'campaign' } },
  'GET /api/reports/:reportId/run/:campaignId': { access: 'participation' },
  'GET /api/report/:campaignId/individual/personal/:userId': { access: 'report' },
  'GET /api/report/:campaignId/individual/hr/:userId/download': { access: 'report' },
  'GET /api/reports/:reportId/run/:campaignId/:userId': { access: 'report' },

  'PATCH /api/v2/campaigns/:campaignId/storage': { access: 'participation', body: { data: { hasSeenTutorial: true } } },

  // The staff console (docs/staff-api.md): the generic resources of spec 7, then the campaign operations.
  'GET /api/companies': { access: 'staff', query: { companyId: 'company' } },
  'GET /api/companies/:id': { access: 'staff', id: 'company' },
  'POST /api/companies': { access: 'operator-write', body: { name: 'Nuova' } },
  'GET /api/companies/:id/sso': { access: 'operator', id: 'company' },
  'PUT /api/companies/:id/sso': { access: 'operator-write', id: 'company', body: SSO },
  'DELETE /api/companies/:id/sso': { access: 'operator-write', id: 'company' },
  'POST /api/companies/:id/sso/test': { access: 'operator-write', id: 'company', body: SSO },
  'GET /api/companies/:id/staff': { access: 'operator', id: 'company' },
  'POST /api/companies/:id/staff': { access: 'operator-write', id: 'company', body: { email: 'nominata@alfa.example', role: 'admin' } },
  'GET /api/staff/current-company': { access: 'staff' },
  'PUT /api/staff/current-company': { access: 'operator-write', body: { companyId: ALFA } },
  'PUT /api/companies/:id': { access: 'staff-write', id: 'company', body: { name: 'Alfa S.r.l.' } },
  'DELETE /api/companies/:id': { access: 'staff-write', id: 'company' },
  'DELETE /api/companies/selection': { access: 'staff-write', body: { ids: [999_999] } },
  'GET /api/languages': { access: 'staff', query: { companyId: 'company' } },
  'GET /api/languages/:id': { access: 'staff', id: 'language' },
  'POST /api/languages': { access: 'staff-write', body: { lang: 'IT_it', name: 'Italiano' } },
  'PUT /api/languages/:id': { access: 'staff-write', id: 'language', body: { name: 'Italiano' } },
  'DELETE /api/languages/:id': { access: 'staff-write', id: 'language' },
  'DELETE /api/languages/selection': { access: 'staff-write', body: { ids: ['IT_it'] } },
  'POST /api/usertests': { access: 'staff-write', body: { abbreviation: 'MTX', name: 'Matrice', url: '/activities/matrix/' } },
  'PUT /api/usertests/:id': {
    access: 'staff-write',
    id: 'test',
    body: { abbreviation: 'REP', name: 'Ripetibile', url: '/activities/rep/' },
  },
  'DELETE /api/usertests/:id': { access: 'staff-write', id: 'test' },
  'DELETE /api/usertests/selection': { access: 'staff-write', body: { ids: [999_999] } },
  'GET /api/samples': { access: 'staff', query: { companyId: 'company' } },
  'GET /api/samples/:id': { access: 'staff', id: 'sample' },
  'POST /api/samples': { access: 'staff-write', body: { campaignId: 999_999, testId: 201, assessorId: 999_999, assessedId: 999_999 } },
  'PUT /api/samples/:id': {
    access: 'staff-write',
    id: 'sample',
    body: { campaignId: 999_999, testId: 201, assessorId: 999_999, assessedId: 999_999 },
  },
  'DELETE /api/samples/:id': { access: 'staff-write', id: 'sample' },
  'DELETE /api/samples/selection': { access: 'staff-write', body: { ids: [999_999] } },
  'GET /api/people': { access: 'staff', query: { companyId: 'company' } },
  'GET /api/people/:id': { access: 'staff', id: 'user' },
  'GET /api/people/:id/data-export': { access: 'staff', id: 'user' },
  'POST /api/people': { access: 'staff-write', body: { email: 'matrice@alfa.example' } },
  'PUT /api/people/:id': { access: 'staff-write', id: 'user', body: { lastName: 'Rossi' } },
  'DELETE /api/people/:id': { access: 'staff-write', id: 'user' },
  'DELETE /api/people/selection': { access: 'staff-write', body: { ids: [999_999] } },
  'GET /api/staff/campaigns': { access: 'staff' },
  'GET /api/staff/campaigns/:campaignId': { access: 'staff' },
  'GET /api/staff/campaigns/:campaignId/progress': { access: 'staff' },
  'GET /api/staff/campaigns/:campaignId/participants/:userId/report.pdf': { access: 'staff' },
  'GET /api/staff/campaigns/:campaignId/participants/:userId/tests/:testId/responses': { access: 'staff', kinds: { testId: 'qtiTest' } },
  'GET /api/staff/tests/:testId/analysis': { access: 'staff', kinds: { testId: 'qtiTest' } },
  // A file only once enough attempts are complete (409 before): its rightful calls are the route's own tests.
  'GET /api/staff/tests/:testId/analysis.csv': { access: 'staff-write', kinds: { testId: 'qtiTest' } },
  'GET /api/staff/campaigns/:campaignId/agreement': { access: 'staff' },
  'POST /api/staff/campaigns/:campaignId/invitations': { access: 'staff-write', body: { userIds: [999_999] } },
  'POST /api/staff/campaigns/:campaignId/participants/:userId/tests/:testId/reset': { access: 'staff-write', body: { reason: 'matrice' } },
  'POST /api/staff/campaigns/:campaignId/exports': { access: 'staff-write', body: { format: 'csv' } },
  'POST /api/staff/imports': { access: 'staff-write', body: { users: [] }, anyType: ['users'], bodyLimit: BUNDLE_UPLOAD_MAX_BYTES },
  'POST /api/staff/imports/:jobId/confirm': { access: 'staff-write' },
  'GET /api/staff/jobs': { access: 'staff' },
  'GET /api/staff/jobs/:jobId': { access: 'staff' },
  'GET /api/staff/jobs/:jobId/file': { access: 'staff' },
  'GET /api/staff/authored-tests': { access: 'staff', query: { companyId: 'company' } },
  'GET /api/staff/authored-tests/:testId': { access: 'staff', ...AUTHORED_TEST },
  'GET /api/staff/authored-tests/:testId/package': { access: 'staff', ...AUTHORED_TEST },
  'POST /api/staff/authored-tests': { access: 'staff-write', body: { test: AUTHORED }, anyType: AUTHORED_TEXTS },
  'PUT /api/staff/authored-tests/:testId': { access: 'staff-write', ...AUTHORED_TEST, body: { test: AUTHORED }, anyType: AUTHORED_TEXTS },
  'POST /api/staff/authored-tests/preview': { access: 'staff-write', body: { test: AUTHORED }, anyType: AUTHORED_TEXTS },

  'GET /api/staff/norms': { access: 'staff' },
  'POST /api/staff/norms/preview': { access: 'staff-write', body: { name: 'Matrice', test: 201, outcome: 'score', campaigns: [999_999] } },
  'POST /api/staff/norms': { access: 'staff-write', body: { name: 'Matrice', test: 201, outcome: 'score', campaigns: [999_999] } },
  'PUT /api/staff/campaigns/:campaignId/norms': { access: 'staff-write', body: { norms: [] } },
  // The test library: a package's zip is checked in the handler (a JSON body is a 422 there).
  'POST /api/staff/test-packages': { access: 'staff-write' },
  'PUT /api/staff/tests/:testId/texts': {
    access: 'staff-write',
    body: { name: { IT_it: 'Matrice' }, description: { IT_it: '' }, instructions: { IT_it: '' } },
  },
  'GET /api/staff/tests/:testId/preview': { access: 'staff' },
  'GET /api/staff/audit': { access: 'staff' },
  // A download, itself audited.
  'GET /api/staff/audit.csv': { access: 'staff-write' },

  // Integrations (docs/staff-api.md "API tokens", docs/webhooks.md): staff signed in only, never a token.
  'GET /api/staff/tokens': { access: 'staff' },
  'POST /api/staff/tokens': { access: 'staff-write', body: { name: 'Matrice', scopes: ['read-results'], expiresInDays: 30 } },
  'DELETE /api/staff/tokens/:tokenId': { access: 'staff-write' },
  'GET /api/staff/webhooks': { access: 'staff' },
  'POST /api/staff/webhooks': { access: 'staff-write', body: { url: 'https://hr.alfa.example/matrix', events: ['test.completed'] } },
  'PUT /api/staff/webhooks/:webhookId': { access: 'staff-write', body: { enabled: false } },
  'DELETE /api/staff/webhooks/:webhookId': { access: 'staff-write' },
  'POST /api/staff/webhooks/:webhookId/test': { access: 'staff-write' },
  'GET /api/staff/webhooks/:webhookId/deliveries': { access: 'staff' },
  'POST /api/staff/webhooks/:webhookId/deliveries/:deliveryId/resend': { access: 'staff-write' },
  'POST /api/staff/people/:id/erase': { access: 'staff-write', id: 'user', body: { confirm: 'Nessuno Nessuno' } },
  'GET /api/staff/retention': { access: 'staff' },
  'PUT /api/staff/campaigns/:campaignId/retention': { access: 'staff-write', body: { retentionMonths: 12 }, anyType: ['retentionMonths'] },
  'POST /api/staff/campaigns/:campaignId/assessments/reopen': { access: 'staff-write', body: { hours: 2 } },

  'GET /api/usercampaign/:campaignId/userrelation': { access: 'evaluator' },
  'GET /api/usercampaign/:campaignId/questions/:evaluee': { access: 'evaluator' },
  'GET /api/tests/360/data/:campaignId/:evaluee': { access: 'evaluator' },
  'POST /api/tests/360/data/:campaignId/:evaluee': {
    access: 'evaluator',
    body: { version: 1, data: { closed: { '1': 4 } }, finished: false },
    anyType: ['data.closed', 'data.closed.1'],
  },
};

/** What each path parameter names; `:id` is named by the route's spec. */
const PARAM_KINDS: Record<string, Kind> = {
  userId: 'user',
  campaignId: 'campaign',
  testId: 'test',
  abbreviation: 'abbreviation',
  slug: 'slug',
  reportId: 'report',
  evaluee: 'user',
  jobId: 'job',
  itemId: 'item',
  tokenId: 'token',
  webhookId: 'webhook',
  deliveryId: 'delivery',
};
type Kind =
  | 'user'
  | 'campaign'
  | 'test'
  | 'qtiTest'
  | 'authoredTest'
  | 'abbreviation'
  | 'slug'
  | 'report'
  | 'company'
  | 'sample'
  | 'language'
  | 'job'
  | 'item'
  | 'token'
  | 'webhook'
  | 'delivery';
const NUMERIC: Kind[] = [
  'user',
  'campaign',
  'test',
  'qtiTest',
  'authoredTest',
  'report',
  'company',
  'sample',
  'token',
  'webhook',
  'delivery',
];

// ---------------------------------------------------------------------------------------------
// Collecting the routes, and calling one

interface Route extends RouteSpec {
  key: string;
  method: string;
  url: string;
  params: string[];
}

interface Ids {
  user: number;
  campaign: number;
  test: number;
  /** A QTI package test of the campaign. */
  qtiTest: number;
  /** A test written in the company's console. */
  authoredTest: number;
  abbreviation: string;
  slug: string;
  company: number;
  report: number;
  /** An assessment (a sample) of the company, a language, an export job of the company. */
  sample: number;
  language: string;
  job: string;
  /** An item of the QTI test that an assessor rates. */
  item: string;
  /** The company's API token, webhook, and a delivery of it. */
  token: number;
  webhook: number;
  delivery: number;
}

type Caller = SignedIn;

let t: TestApp;
const registered = new Set<string>();
const people: Record<string, Caller> = {};
const caller = (email: string) => people[email];

/** The /api routes as registered: HEAD twins of GET routes and trailing slashes folded away. */
function collect(route: RouteOptions) {
  const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
  if (!url.startsWith('/api/') || url === '/api/docs' || url.startsWith('/api/docs/')) return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' && route.exposeHeadRoute !== false && registered.has(`GET ${url}`)) continue;
    registered.add(`${method} ${url}`);
  }
}

function routes(filter: (r: Route) => boolean = () => true): Route[] {
  return Object.entries(MATRIX)
    .map(([key, spec]) => {
      const [method, url] = key.split(' ');
      const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      return { ...spec, key, method, url, params };
    })
    .filter(filter);
}

const kindOf = (route: Route, param: string): Kind | undefined =>
  param === 'id' ? route.id : (route.kinds?.[param] ?? PARAM_KINDS[param]);
const kindsOf = (route: Route) => route.params.map((p) => kindOf(route, p));
const namesA = (route: Route, kind: Kind) => kindsOf(route).includes(kind);
// A language is the platform's, not a company's: naming one names no company's data.
const hasIds = (route: Route) => route.params.some((p) => kindOf(route, p) !== 'language') || route.query !== undefined;

/** Who may rightly call a route, with the ids they call it with. */
function rightful(route: Route): [Caller, Ids] {
  if (route.access === 'assessor') return [caller(ELENA), annaAssessed];
  if (route.access === 'staff') return [caller(SOFIA), anna];
  if (route.access === 'operator' || route.access === 'operator-write') return [caller(OTTO), anna];
  if (route.access === 'evaluator') return [caller(ANNA), annaPrivate];
  return [caller(ANNA), anna];
}

function urlFor(route: Route, ids: Ids, override: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = route.url.replace(
    /:(\w+)/g,
    (_, param: string) => override[param] ?? encodeURIComponent(String(ids[kindOf(route, param)!])),
  );
  const q = query ?? Object.fromEntries(Object.entries(route.query ?? {}).map(([name, kind]) => [name, String(ids[kind])]));
  const search = new URLSearchParams(q).toString();
  return search ? `${path}?${search}` : path;
}

interface Call {
  url?: string;
  cookie?: string;
  /** An API token, sent as `Authorization: Bearer`. */
  bearer?: string;
  /** The body: the route's valid one unless given; `null` sends none. */
  payload?: unknown;
  /** Raw text with this content type, instead of JSON. */
  raw?: { text: string; type: string };
}

function call(route: Route, ids: Ids, c: Call = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.bearer !== undefined) headers.authorization = `Bearer ${c.bearer}`;
  let payload: string | undefined;
  if (c.raw) {
    headers['content-type'] = c.raw.type;
    payload = c.raw.text;
  } else {
    const body = c.payload === undefined ? route.body : c.payload;
    if (body !== undefined && body !== null) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  return t.app.inject({ method: route.method as 'GET', url: c.url ?? urlFor(route, ids), headers, payload });
}

const describeAnswer = (route: Route, url: string, res: LightMyRequestResponse) =>
  `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;

/** Collects every mismatch, so one run reports every failing route at once. */
function expectAll(failures: string[]) {
  expect(failures, failures.join('\n')).toEqual([]);
}

// ---------------------------------------------------------------------------------------------

let anna: Ids;
let annaPrivate: Ids;
let annaAssessed: Ids;
let marcoAssessedTest: Ids;
let bruno: Ids;

beforeAll(async () => {
  // Invitations write their mails here rather than into ./data/mail.
  t = await buildTestApp(accessBundle, { onRoute: collect, env: { MAIL_DIR: mkdtempSync(join(tmpdir(), 'prova-matrix-mail-')) } });
  const signIn = async (email: string, campaignId: number) => {
    people[email] = await signInAs(t.app, email, PASSWORD, campaignId);
  };
  await signIn(ANNA, C_MAIN);
  await signIn(MARCO, C_MAIN);
  await signIn(ELENA, C_MAIN);
  await signIn(SOFIA, C_MAIN);
  await signIn(SANDRO, C_MAIN);
  // Gino has not consented: he signs in, selects the campaign, and stops there.
  {
    const cookie = await login(t.app, GINO, PASSWORD);
    await t.app.inject({ method: 'POST', url: `/api/usercampaign/${C_MAIN}`, headers: { cookie }, payload: {} });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    people[GINO] = { cookie, id: me.json().user.id };
  }
  await signIn(BRUNO, C_BETA);
  await signIn(BERTA, C_BETA);
  const platform = await importBundle(t.database, {
    companies: [{ name: 'Piattaforma' }],
    users: [{ company: 'Piattaforma', email: OTTO, password: PASSWORD, firstName: 'Otto', role: 'operator', privacy: true }],
  });
  if (!platform.ok) throw new Error(platform.problems.join('\n'));
  people[OTTO] = { cookie: await login(t.app, OTTO, PASSWORD), id: 0 };
  const annaId = caller(ANNA).id;
  // A sample (assessment) and an export job of each company, for the staff routes that name one.
  const db = t.app.database.db;
  const sampleOf = async (campaignId: number) =>
    (await db.selectFrom('assessments').select('id').where('campaign_id', '=', campaignId).executeTakeFirstOrThrow()).id;
  const exported = await t.app.inject({
    method: 'POST',
    url: `/api/staff/campaigns/${C_MAIN}/exports`,
    headers: { cookie: caller(SOFIA).cookie },
    payload: { format: 'csv' },
  });
  if (exported.statusCode !== 202) throw new Error(`no export: ${exported.body}`);
  await t.app.staffJobs.idle();
  const betaJob = 'beta-export-job-0000000001';
  const now = new Date().toISOString();
  await db
    .insertInto('staff_jobs')
    .values({
      id: betaJob,
      company_id: BETA,
      created_by: caller(BRUNO).id,
      kind: 'export',
      state: 'done',
      phase: 'done',
      created_at: now,
      updated_at: now,
    })
    .execute();
  // A QTI package test in Anna's campaign, for the staff routes that read one (its responses, with the key).
  const pkg = { hash: 'a'.repeat(64), kind: 'qti' as const };
  const delivery = {
    kind: 'qti',
    identifier: 't',
    title: 'QTI',
    maxTimeSeconds: null,
    parts: [{ identifier: 'p', navigationMode: 'linear', submissionMode: 'individual', sections: [] }],
  };
  await db
    .insertInto('content_packages')
    .values({
      ...pkg,
      delivery: JSON.stringify(delivery),
      scoring: JSON.stringify({ version: 1, items: [], test: { identifier: 't', outcomes: [], processing: null } }),
      size: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  const { id: _id, ...plain } = await db.selectFrom('tests').selectAll().where('id', '=', 104).executeTakeFirstOrThrow();
  await db
    .insertInto('tests')
    .values({ ...plain, id: QTI_TEST, abbreviation: 'QTM', repeatable: 0, package_hash: pkg.hash, package_kind: pkg.kind })
    .execute();
  const listed = await db
    .selectFrom('campaign_tests')
    .selectAll()
    .where('campaign_id', '=', C_MAIN)
    .where('test_id', '=', 104)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('campaign_tests')
    .values({ ...listed, test_id: QTI_TEST, position: listed.position + 100 })
    .execute();
  // A test written in Alfa's console, for the staff routes that read one (Beta's ids name a test that is none).
  const authored = await t.app.inject({
    method: 'POST',
    url: '/api/staff/authored-tests',
    headers: { cookie: caller(SOFIA).cookie },
    payload: { test: AUTHORED },
  });
  if (authored.statusCode !== 201) throw new Error(`no written test: ${authored.body}`);
  // And one whose essay an assessor rates: Elena rates Anna's, who has handed the test in.
  const rated = { hash: 'b'.repeat(64), kind: 'qti' as const };
  const essay = {
    identifier: 'essay',
    categories: [],
    weights: {},
    sections: [],
    responses: [{ identifier: 'RESPONSE', cardinality: 'single', baseType: 'string', correct: null, mapping: null, areaMapping: null }],
    outcomes: [],
    processing: [],
    rated: { maxScore: 2, prompt: 'Why?' },
  };
  await db
    .insertInto('content_packages')
    .values({
      ...rated,
      delivery: JSON.stringify(delivery),
      scoring: JSON.stringify({ version: 1, items: [essay], test: { identifier: 't', outcomes: [], processing: null } }),
      size: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto('tests')
    .values({ ...plain, id: RATED_TEST, abbreviation: 'QTR', repeatable: 0, package_hash: rated.hash, package_kind: rated.kind })
    .execute();
  await db
    .insertInto('campaign_tests')
    .values({ ...listed, test_id: RATED_TEST, position: listed.position + 101 })
    .execute();
  await db
    .insertInto('assessments')
    .values({ campaign_id: C_MAIN, assessor_id: caller(ELENA).id, assessed_id: annaId, test_id: RATED_TEST })
    .execute();
  const handedIn = {
    campaign_id: C_MAIN,
    test_id: RATED_TEST,
    user_id: annaId,
    version: 1,
    status: 'complete',
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('test_progress')
    .values({
      ...handedIn,
      data: JSON.stringify({ qti: 1, position: null, responses: { essay: { RESPONSE: 'Because.' } }, flagged: [] }),
      started_at: null,
      ends_at: null,
    })
    .execute();
  // An API token and a webhook (with a delivery) of each company, for the integration routes that name one.
  const integrationOf = async (who: string) => {
    const headers = { cookie: caller(who).cookie };
    // (Beta's are written below: it has no staff here.)
    const tok = await t.app.inject({
      method: 'POST',
      url: '/api/staff/tokens',
      headers,
      payload: { name: 'Matrice', scopes: ['read-results'], expiresInDays: 30 },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/staff/webhooks',
      headers,
      payload: { url: 'https://hr.alfa.example/matrix', events: ['report.ready'] },
    });
    if (tok.statusCode !== 201 || hook.statusCode !== 201) throw new Error(`no token or webhook: ${tok.body} ${hook.body}`);
    const webhook = hook.json().webhook.id as number;
    const ping = await t.app.inject({ method: 'POST', url: `/api/staff/webhooks/${webhook}/test`, headers });
    return { token: tok.json().token.id as number, webhook, delivery: ping.json().delivery.id as number };
  };
  const alfaStaff = {
    ...(await integrationOf(SOFIA)),
    sample: await sampleOf(C_MAIN),
    language: 'IT_it',
    job: exported.json().job.id as string,
    authoredTest: authored.json().summary.id as number,
    item: 'essay',
  };
  // Beta has no staff here: its token, webhook and delivery are written as the console would have.
  const betaToken = await db
    .insertInto('api_tokens')
    .values({
      company_id: BETA,
      name: 'Beta',
      token_hash: 'b'.repeat(64),
      hint: 'prova_beta',
      scopes: '["read-results"]',
      created_by: caller(BRUNO).id,
      created_at: now,
      expires_at: '2099-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const betaHook = await db
    .insertInto('webhooks')
    .values({
      company_id: BETA,
      url: 'http://127.0.0.1:9/beta',
      secret: 'whsec_beta',
      events: '["report.ready"]',
      enabled: 1,
      created_by: caller(BRUNO).id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const betaDelivery = await db
    .insertInto('webhook_deliveries')
    .values({ webhook_id: betaHook.id, event: 'ping', event_id: 'evt_beta', payload: '{}', state: 'delivered', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const betaStaff = {
    sample: 0,
    language: 'IT_it',
    job: betaJob,
    authoredTest: 901,
    item: 'essay',
    token: betaToken.id,
    webhook: betaHook.id,
    delivery: betaDelivery.id,
  };
  // Anna's own ids, in the campaign she shares with Marco and Elena (test 104 is repeatable; ALF is
  // scored by a script no other company meets, RAG by one company Beta meets too).
  anna = {
    user: annaId,
    campaign: C_MAIN,
    test: 104,
    qtiTest: QTI_TEST,
    abbreviation: 'ALF',
    slug: 'alfa',
    company: ALFA,
    report: REPORT_DOC,
    ...alfaStaff,
  };
  // Ids that are Anna's alone: a campaign, test and scoring script nobody else meets.
  annaPrivate = {
    user: annaId,
    campaign: C_ANNA,
    test: 108,
    qtiTest: QTI_TEST,
    abbreviation: 'ANN',
    slug: 'alfa',
    company: ALFA,
    report: REPORT_DOC,
    ...alfaStaff,
  };
  // Anna in the test Elena assesses her in.
  annaAssessed = { ...anna, test: 201, qtiTest: RATED_TEST };
  // Marco in that test, where nobody is assigned to assess him.
  marcoAssessedTest = { ...anna, user: caller(MARCO).id, test: 201 };
  bruno = {
    user: caller(BRUNO).id,
    campaign: C_BETA,
    test: 901,
    qtiTest: 901,
    abbreviation: 'BET',
    slug: 'beta',
    company: BETA,
    report: REPORT_DOC,
    ...betaStaff,
  };
  // Finished and scored tests, so that the reports of Anna (in both her campaigns) and Bruno can be read.
  for (const [who, campaign, test] of [
    [ANNA, C_MAIN, 109],
    [ANNA, C_ANNA, 108],
    [BRUNO, C_BETA, 901],
  ] as const) {
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/outcomes/${campaign}/${test}/${caller(who).id}`,
      headers: { cookie: caller(who).cookie },
      payload: { values: [] },
    });
    if (done.statusCode !== 200) throw new Error(`${who} cannot finish ${test}: ${done.body}`);
  }
  await t.app.scoring.idle();
  // Beta's sample: Berta assesses Bruno in RAG, which no test above finishes.
  await db
    .insertInto('assessments')
    .values({ campaign_id: C_BETA, assessor_id: caller(BERTA).id, assessed_id: caller(BRUNO).id, test_id: 101 })
    .execute();
  bruno.sample = await sampleOf(C_BETA);
});
afterAll(() => t?.close());

describe('the route table', () => {
  it('classifies every registered /api route, and names no route that does not exist', () => {
    const classified = new Set(Object.keys(MATRIX));
    const unclassified = [...registered].filter((k) => !classified.has(k)).sort();
    const missing = [...classified].filter((k) => !registered.has(k)).sort();
    // unclassified: routes the access matrix does not know (add them to MATRIX); stale: MATRIX names a route that is gone.
    expect({ unclassified, stale: missing }).toEqual({ unclassified: [], stale: [] });
    expect(registered.size).toBeGreaterThan(20);
  });

  it('lists as public exactly the routes the default-deny hook lets through', () => {
    const publicInMatrix = Object.entries(MATRIX)
      .filter(([, spec]) => spec.access === 'public')
      .map(([key]) => key)
      .sort();
    expect([...PUBLIC_API_ROUTES].sort()).toEqual(publicInMatrix);
  });

  it('knows what every path parameter names', () => {
    const unknown = routes().flatMap((r) => r.params.filter((p) => !kindOf(r, p)).map((p) => `${r.key}: :${p}`));
    expect(unknown, 'give the route an `id` kind, or add the parameter to PARAM_KINDS').toEqual([]);
  });
});

describe('who is asking', () => {
  // GETs first: writing outcomes completes a test, and the valid calls below must all be valid.
  // Staff writes are left to their own tests (they create, delete, deactivate: see 'staff-write').
  const ordered = () =>
    routes((r) => r.access !== 'public' && r.access !== 'staff-write' && r.access !== 'operator-write').sort(
      (a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'),
    );

  it('lets the rightful caller through on every signed-in route (so the refusals below mean something)', async () => {
    const failures: string[] = [];
    for (const route of ordered()) {
      const [who, ids] = rightful(route);
      const res = await call(route, ids, { cookie: who.cookie });
      if (res.statusCode < 200 || res.statusCode > 299) failures.push(describeAnswer(route, urlFor(route, ids), res));
    }
    expectAll(failures);
  });

  it('answers 401 UNAUTHENTICATED on every signed-in route without a cookie, with a forged one, or with an ended session', async () => {
    const ended = await login(t.app, MARCO, PASSWORD);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: ended } });
    const cookies = [
      undefined,
      'prova_session=forged-0123456789abcdef',
      'prova_session=',
      'prova_session=%E0%A4%A',
      ended,
      'other_cookie=1',
    ];
    const failures: string[] = [];
    for (const route of routes((r) => r.access !== 'public')) {
      for (const cookie of cookies) {
        const res = await call(route, anna, { cookie });
        const body = res.headers['content-type']?.toString().includes('json') ? res.json() : {};
        if (res.statusCode !== 401 || body.status !== false || body.code !== 'UNAUTHENTICATED') {
          failures.push(`[cookie ${cookie ?? 'none'}] ${describeAnswer(route, urlFor(route, anna), res)}`);
        }
      }
    }
    expectAll(failures);
  });

  it('lets anyone reach the public routes without a cookie', async () => {
    const failures: string[] = [];
    for (const route of routes((r) => r.access === 'public')) {
      const res = await call(route, anna);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(describeAnswer(route, urlFor(route, anna), res));
    }
    expectAll(failures);
  });
});

describe('whose data', () => {
  /** Every listed call must be refused with 403 or 404: never 2xx, never 5xx. */
  async function expectRefused(who: Caller, ids: Ids, filter: (r: Route) => boolean, label: string, allowed = [403, 404]) {
    const failures: string[] = [];
    const checked = routes((r) => r.access !== 'public' && filter(r));
    expect(checked.length, `${label}: no route checked`).toBeGreaterThan(0);
    for (const route of checked) {
      const res = await call(route, ids, { cookie: who.cookie });
      if (!allowed.includes(res.statusCode)) failures.push(`[${label}] ${describeAnswer(route, urlFor(route, ids), res)}`);
    }
    expectAll(failures);
  }

  it("refuses a candidate another candidate's progress and outcomes, in a campaign they share", async () => {
    await expectRefused(caller(MARCO), anna, (r) => namesA(r, 'user'), 'Marco with Anna');
  });

  it("refuses a candidate every route naming another candidate's own campaign, test or script", async () => {
    await expectRefused(caller(MARCO), annaPrivate, (r) => r.params.length > 0, 'Marco with Anna-only ids');
    await expectRefused(caller(BERTA), bruno, (r) => namesA(r, 'user'), 'Berta with Bruno');
  });

  it("refuses a user of another company every route naming the first company's campaigns, tests, users", async () => {
    for (const email of [BRUNO, BERTA]) {
      await expectRefused(caller(email), anna, (r) => r.params.length > 0, `${email} with Anna`);
      await expectRefused(caller(email), annaPrivate, hasIds, `${email} with Anna-only ids`);
      // Their own campaign and test, somebody else's person.
      await expectRefused(caller(email), { ...bruno, user: caller(ANNA).id }, (r) => namesA(r, 'user'), `${email} in Beta with Anna's id`);
    }
    for (const email of [ANNA, ELENA]) {
      await expectRefused(caller(email), bruno, hasIds, `${email} with Bruno`);
      await expectRefused(caller(email), { ...anna, user: caller(BRUNO).id }, (r) => namesA(r, 'user'), `${email} in Alfa with Bruno's id`);
    }
  });

  it("keeps a person out of another company's campaign even when a participant row puts them there", async () => {
    await t.app.database.db
      .insertInto('participants')
      .values({
        campaign_id: C_MAIN,
        user_id: caller(BERTA).id,
        lang: null,
        last_access: null,
        extra_time_percent: 0,
        privacy_consent_at: null,
        storage: null,
      })
      .execute();
    const berta = caller(BERTA).cookie;
    const list = await t.app.inject({ url: '/api/usercampaign/list', headers: { cookie: berta } });
    expect(list.json().campaigns.map((c: { id: number }) => c.id)).toEqual([C_BETA]);
    const select = await t.app.inject({ method: 'POST', url: `/api/usercampaign/${C_MAIN}`, headers: { cookie: berta }, payload: {} });
    expect(select.statusCode).toBe(404);
    await expectRefused(caller(BERTA), anna, (r) => r.params.length > 0 || r.query !== undefined, 'Berta planted in Alfa');
  });

  it('refuses every route naming a campaign not yet open or already over', async () => {
    for (const campaign of [C_FUTURE, C_ENDED]) {
      await expectRefused(
        caller(ANNA),
        { ...anna, campaign },
        (r) => namesA(r, 'campaign') || r.query?.campaignId !== undefined,
        `Anna in ${campaign}`,
        // A write to the campaign that is over is told so (409 CAMPAIGN_CLOSED), so that a queue drops it.
        campaign === C_ENDED ? [403, 404, 409, 422] : [403, 404, 422],
      );
    }
  });

  it('refuses a participant without consent everything but choosing the campaign and reading the privacy text', async () => {
    const gino = { ...anna, user: caller(GINO).id };
    await expectRefused(
      caller(GINO),
      gino,
      (r) => (namesA(r, 'campaign') || r.query?.campaignId !== undefined) && r.key !== 'POST /api/usercampaign/:id',
      'Gino without consent',
      [403, 404, 422],
    );
    const agreement = await t.app.inject({ url: '/api/auth/privacy/agreement', headers: { cookie: caller(GINO).cookie } });
    expect(agreement.statusCode).toBe(200);
  });

  it('lets both kinds of staff through the staff routes of their company only', async () => {
    for (const email of [SOFIA, SANDRO]) {
      for (const route of routes((r) => r.access === 'staff')) {
        expect((await call(route, anna, { cookie: caller(email).cookie })).statusCode, `${email} ${route.key}`).toBe(200);
      }
      await expectRefused(caller(email), bruno, hasIds, `${email} with Beta`);
    }
  });

  it('refuses another company in the test list query', async () => {
    const list = routes((r) => r.key === 'GET /api/usertests')[0];
    expect((await call(list, anna, { cookie: caller(ANNA).cookie })).statusCode).toBe(200);
    expect((await call(list, { ...anna, company: BETA }, { cookie: caller(ANNA).cookie })).statusCode).toBe(403);
    expect((await call(list, { ...bruno, company: ALFA }, { cookie: caller(BRUNO).cookie })).statusCode).toBe(403);
  });

  it('refuses candidates every assessor-only route with 403', async () => {
    for (const [email, ids] of [
      [ANNA, { ...annaAssessed, user: caller(MARCO).id }],
      [MARCO, annaAssessed],
      [BRUNO, { ...bruno, user: caller(BERTA).id }],
    ] as const) {
      await expectRefused(caller(email), ids, (r) => r.access === 'assessor', `${email} as assessor`, [403]);
    }
  });

  it('refuses everyone but staff the staff-only routes (the answer keys, the console) with 403', async () => {
    const staffOnly = (r: Route) => r.access === 'staff' || r.access === 'staff-write' || r.access.startsWith('operator');
    for (const email of [ANNA, MARCO, ELENA]) await expectRefused(caller(email), anna, staffOnly, `${email} as staff`, [403]);
  });

  it("refuses a company's staff every operator route with 403, for their own company as for another", async () => {
    for (const email of [SOFIA, SANDRO]) {
      for (const ids of [anna, bruno])
        await expectRefused(caller(email), ids, (r) => r.access.startsWith('operator'), `${email} as operator`, [403]);
      // Whatever they sent, their console still works on their own company.
      const current = await t.app.inject({ url: '/api/staff/current-company', headers: { cookie: caller(email).cookie } });
      expect(current.json().company.id).toBe(ALFA);
    }
  });

  it("lets the operator reach a company's staff routes only while it is their current company", async () => {
    const otto = caller(OTTO);
    const switchTo = async (companyId: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/staff/current-company',
        headers: { cookie: otto.cookie },
        payload: { companyId },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Every staff route naming a company's things, but the companies themselves, which the operator reads all of.
    const companyWork = (r: Route) => r.access === 'staff' && hasIds(r) && !r.url.startsWith('/api/companies');
    // Their own company current: Alfa's and Beta's ids are nobody's.
    await expectRefused(otto, anna, (r) => companyWork(r) || r.access === 'report', 'Otto at home with Alfa');
    await switchTo(ALFA);
    const failures: string[] = [];
    for (const route of routes((r) => r.access === 'staff')) {
      const res = await call(route, anna, { cookie: otto.cookie });
      if (res.statusCode !== 200) failures.push(describeAnswer(route, urlFor(route, anna), res));
    }
    // The company's reports too, as its own staff read them.
    for (const route of routes((r) => r.access === 'report')) {
      const res = await call(route, anna, { cookie: otto.cookie });
      if (res.statusCode !== 200) failures.push(describeAnswer(route, urlFor(route, anna), res));
    }
    expectAll(failures);
    await expectRefused(otto, bruno, companyWork, 'Otto in Alfa with Beta');
    await switchTo(BETA);
    await expectRefused(otto, anna, companyWork, 'Otto in Beta with Alfa');
    const home = await t.app.database.db.selectFrom('users').select('company_id').where('email', '=', OTTO).executeTakeFirstOrThrow();
    await switchTo(home.company_id);
  });

  it('refuses candidates the assessor test they are assessed in: no opening, saving, outcomes, nor reading it', async () => {
    await expectRefused(
      caller(ANNA),
      annaAssessed,
      (r) => r.access === 'own-progress' || r.access === 'own-or-assigned' || r.key === 'POST /api/v2/rpc/:campaignId/:testId',
      'Anna in the assessor test about her',
      [403],
    );
  });

  it('lets the assessor read the assigned person, and nobody else', async () => {
    const elena = caller(ELENA);
    const failures: string[] = [];
    for (const route of routes((r) => r.access === 'own-or-assigned' || r.access === 'assessor')) {
      const res = await call(route, annaAssessed, { cookie: elena.cookie });
      if (res.statusCode !== 200) failures.push(describeAnswer(route, urlFor(route, annaAssessed), res));
    }
    expectAll(failures);
    // An unassigned person in the same test; the assigned person in a test she is not assessed in.
    await expectRefused(elena, marcoAssessedTest, (r) => namesA(r, 'user'), 'Elena with unassigned Marco');
    // (A report is the whole campaign's: assessing Anna in any test is enough, see 'reports' below.)
    await expectRefused(elena, anna, (r) => namesA(r, 'user') && r.access !== 'report', 'Elena with Anna in an unassigned test');
    // Assessing is reading and recording outcomes: never writing the person's own progress.
    await expectRefused(elena, annaAssessed, (r) => r.access === 'own-progress', 'Elena writing as Anna');

    const samples = await t.app.inject({ url: `/api/users/assessed/${C_MAIN}/201`, headers: { cookie: elena.cookie } });
    expect(samples.json().samples.map((s: { id: number }) => s.id)).toEqual([caller(ANNA).id]);
    const recorded = await t.app.inject({ url: `/api/tests/201/assessedOutcomes/${C_MAIN}`, headers: { cookie: elena.cookie } });
    expect(recorded.json().list.map((s: { userId: number }) => s.userId)).toEqual([caller(ANNA).id]);
  });
});

describe('state', () => {
  /** Every row of every table but the session and sign-in bookkeeping, as text. */
  async function snapshot(): Promise<string> {
    const tables = [
      'campaigns',
      'participants',
      'test_progress',
      'test_progress_history',
      'outcomes',
      'logs',
      'answers360',
      'evaluations360',
      'users',
    ] as const;
    const parts: string[] = [];
    for (const table of tables) parts.push(JSON.stringify(await t.app.database.db.selectFrom(table).selectAll().execute()));
    return parts.join('\n');
  }

  it('changes nothing on any GET route', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes((r) => r.method === 'GET' && r.access !== 'public')) {
      const [who, ids] = rightful(route);
      const res = await call(route, ids, { cookie: who.cookie });
      if (res.statusCode >= 500) failures.push(describeAnswer(route, urlFor(route, ids), res));
    }
    expectAll(failures);
    expect(await snapshot()).toBe(before);
  });

  it('refuses every state-changing route called from another site (CSRF)', async () => {
    const failures: string[] = [];
    for (const route of routes((r) => r.method !== 'GET')) {
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: urlFor(route, anna),
          headers: { cookie: caller(ANNA).cookie, 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(route.body ?? {}),
        });
        if (res.statusCode !== 403 || res.json().code !== 'CROSS_ORIGIN')
          failures.push(`[${JSON.stringify(headers)}] ${describeAnswer(route, urlFor(route, anna), res)}`);
      }
    }
    expectAll(failures);
  });
});

describe('reports', () => {
  it("let the person, their assessor and the company's staff read a report, and nobody else", async () => {
    const failures: string[] = [];
    for (const route of routes((r) => r.access === 'report')) {
      for (const email of [ANNA, ELENA, SOFIA]) {
        const res = await call(route, anna, { cookie: caller(email).cookie });
        if (res.statusCode !== 200) failures.push(`[${email}] ${describeAnswer(route, urlFor(route, anna), res)}`);
      }
    }
    expectAll(failures);
    // Elena assesses Anna, not Marco; Marco is a candidate like Anna.
    await expectRefusedReport(caller(ELENA), { ...anna, user: caller(MARCO).id }, 'Elena with Marco');
    await expectRefusedReport(caller(MARCO), anna, 'Marco with Anna');
  });

  async function expectRefusedReport(who: Caller, ids: Ids, label: string) {
    const failures: string[] = [];
    for (const route of routes((r) => r.access === 'report')) {
      const res = await call(route, ids, { cookie: who.cookie });
      if (res.statusCode !== 403) failures.push(`[${label}] ${describeAnswer(route, urlFor(route, ids), res)}`);
    }
    expectAll(failures);
  }
});

describe('API tokens', () => {
  /** A new token of Alfa with these scopes, made by Sofia in the console. */
  async function tokenOf(scopes: TokenScope[], days = 30): Promise<{ id: number; secret: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/tokens',
      headers: { cookie: caller(SOFIA).cookie },
      payload: { name: `Matrice ${scopes.join(' ')}`, scopes, expiresInDays: days },
    });
    if (res.statusCode !== 201) throw new Error(`no token: ${res.body}`);
    return { id: res.json().token.id, secret: res.json().secret };
  }
  /** What each scope is for, carried out with a token: a person made, a bundle uploaded for import. */
  const CARRIED_OUT = ['POST /api/people', 'POST /api/staff/imports'];
  const opens = (route: Route, scope: TokenScope) => (TOKEN_ROUTE_SCOPES[route.key] ?? []).includes(scope);
  /** The jobs routes that name a job: Alfa's job here is an export, which only read-results sees. */
  const namesExportJob = (route: Route) => route.params.includes('jobId') && route.method === 'GET';

  it('name only routes of the table', () => {
    expect(Object.keys(TOKEN_ROUTE_SCOPES).filter((key) => !MATRIX[key])).toEqual([]);
  });

  for (const scope of TOKEN_SCOPES) {
    it(`with ${scope}: reach what it opens in their company, nothing of another company, and nothing else (403)`, async () => {
      const { secret } = await tokenOf([scope]);
      const failures: string[] = [];
      for (const route of routes((r) => r.access !== 'public')) {
        if (!opens(route, scope)) {
          const res = await call(route, anna, { bearer: secret });
          if (res.statusCode !== 403) failures.push(`[${scope}, not its route] ${describeAnswer(route, urlFor(route, anna), res)}`);
          continue;
        }
        // Its own company: reads answer; writes are checked on another company's ids (below) so that nothing of Alfa's
        // is changed, and those naming no id are carried out (a person made, an upload validated).
        if (route.method === 'GET') {
          const res = await call(route, anna, { bearer: secret });
          const wanted =
            namesExportJob(route) && scope !== 'read-results' ? res.statusCode === 404 : res.statusCode >= 200 && res.statusCode < 300;
          if (!wanted) failures.push(`[${scope}, own company] ${describeAnswer(route, urlFor(route, anna), res)}`);
        } else if (!hasIds(route)) {
          // Past the token gate and the staff policy: carried out (a person made, an upload validated), or its body's
          // ids not found (a selection of nobody).
          const res = await call(route, anna, { bearer: secret });
          const done = res.statusCode >= 200 && res.statusCode < 300;
          if (!(done || (!CARRIED_OUT.includes(route.key) && res.statusCode === 404)))
            failures.push(`[${scope}, own company] ${describeAnswer(route, urlFor(route, anna), res)}`);
        }
        if (hasIds(route)) {
          const res = await call(route, bruno, { bearer: secret });
          if (res.statusCode !== 404) failures.push(`[${scope}, Beta's ids] ${describeAnswer(route, urlFor(route, bruno), res)}`);
        }
      }
      expectAll(failures);
    });
  }

  it('answer 401 on every signed-in route once revoked or expired, and unknown', async () => {
    const all: TokenScope[] = [...TOKEN_SCOPES];
    const revoked = await tokenOf(all);
    await t.app.inject({ method: 'DELETE', url: `/api/staff/tokens/${revoked.id}`, headers: { cookie: caller(SOFIA).cookie } });
    const expiring = await tokenOf(all, 1);
    const failures: string[] = [];
    const check = async (label: string, secret: string) => {
      for (const route of routes((r) => r.access !== 'public')) {
        const res = await call(route, anna, { bearer: secret });
        if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED')
          failures.push(`[${label}] ${describeAnswer(route, urlFor(route, anna), res)}`);
      }
    };
    await check('revoked', revoked.secret);
    await check('unknown', 'prova_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1_000);
      await check('expired', expiring.secret);
    } finally {
      vi.useRealTimers();
    }
    expectAll(failures);
  });
});

// ---------------------------------------------------------------------------------------------
// Robustness: a caller's mistake is a 4xx, never a 5xx.

const BAD_STRINGS = ['x'.repeat(5_000), '%00', '%2e%2e%2f%2e%2e', '%ZZ', '%E2%80%AE'];
const OVERSIZED = 'x'.repeat(950_000);
const DEPTH = 100_000;

/** Every leaf (and container) of a JSON value with its dotted path. */
function paths(value: unknown, prefix = ''): { path: string; value: unknown }[] {
  const here = prefix ? [{ path: prefix, value }] : [];
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return [...here, ...entries.flatMap(([k, v]) => paths(v, prefix ? `${prefix}.${k}` : k))];
  }
  return here;
}

function replaced(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

/** Values of the wrong JSON type for a value. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, true, null, {}, ['x']];
  if (typeof value === 'number') return ['12', true, null, {}, [1]];
  if (typeof value === 'boolean') return ['true', 1, null];
  if (Array.isArray(value)) return ['x', 1, null, { 0: value[0] }];
  return ['x', 1, null, []];
}

/** Valid JSON types but edge values: may be accepted, must not break the server. */
function edgeValues(value: unknown): unknown[] {
  if (typeof value === 'string') return ['', ' ', '\u0000', 'a\u0000b', '\ud800', '😀'.repeat(1000), "'; drop table users; --"];
  if (typeof value === 'number') return [-1, 0, 0.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER];
  return [];
}

describe("a caller's mistake", () => {
  /** Each route with a caller that gets past authentication, so the input reaches the handler. */
  const cookieFor = (route: Route) =>
    route.access === 'public'
      ? undefined
      : route.access === 'assessor'
        ? caller(ELENA).cookie
        : route.access === 'staff' || route.access === 'staff-write'
          ? caller(SOFIA).cookie
          : route.access.startsWith('operator')
            ? caller(OTTO).cookie
            : caller(ANNA).cookie;
  const fuzzed = () =>
    routes().map((route) => ({ route, cookie: cookieFor(route), ids: route.access === 'assessor' ? annaAssessed : anna }));

  function judge(failures: string[], route: Route, label: string, res: LightMyRequestResponse, strict: boolean) {
    const ok =
      res.statusCode < 500 &&
      (!strict || res.statusCode >= 400 || (route.redirects === true && res.statusCode >= 300 && res.statusCode < 400));
    if (!ok) failures.push(`[${label}] ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
  }

  it('answers 4xx to malformed path and query parameters on every route', async () => {
    const failures: string[] = [];
    for (const { route, cookie, ids } of fuzzed()) {
      for (const param of route.params) {
        const kind = kindOf(route, param)!;
        for (const bad of NUMERIC.includes(kind) ? MALFORMED_SEGMENTS : BAD_STRINGS) {
          const res = await call(route, ids, { cookie, url: urlFor(route, ids, { [param]: bad }) });
          judge(failures, route, `:${param}=${bad.slice(0, 20)}`, res, true);
        }
      }
      for (const name of Object.keys(route.query ?? {})) {
        for (const bad of [...MALFORMED_SEGMENTS, '']) {
          const res = await call(route, ids, { cookie, url: `${urlFor(route, ids, {}, {})}?${name}=${bad}` });
          judge(failures, route, `?${name}=${bad.slice(0, 20)}`, res, true);
        }
        const twice = await call(route, ids, { cookie, url: `${urlFor(route, ids, {}, {})}?${name}=1&${name}=2` });
        judge(failures, route, `?${name} twice`, twice, false);
      }
    }
    expectAll(failures);
  });

  it('answers 4xx to malformed bodies on every route that takes one', async () => {
    const failures: string[] = [];
    for (const { route, cookie, ids } of fuzzed()) {
      if (!route.body) continue;
      const required = Object.keys(route.body).length > 0;
      const send = async (label: string, c: Call, strict = true) =>
        judge(failures, route, label, await call(route, ids, { cookie, ...c }), strict);

      await send('no body', { payload: null }, required);
      for (const whole of [[], 'text', 42, true]) await send(`body ${JSON.stringify(whole)}`, { payload: whole });
      await send('body null', { raw: { text: 'null', type: 'application/json' } }, required);
      await send('broken JSON', { raw: { text: '{"a": ', type: 'application/json' } });
      await send('text/plain', { raw: { text: 'hello', type: 'text/plain' } });
      await send('over the body limit', {
        raw: { text: JSON.stringify({ ...route.body, pad: 'x'.repeat(route.bodyLimit ?? BODY_LIMIT_BYTES) }), type: 'application/json' },
      });
      await send(
        'prototype keys',
        {
          raw: {
            text: JSON.stringify(route.body).replace(/^\{/, '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},'),
            type: 'application/json',
          },
        },
        false,
      );

      for (const { path, value } of paths(route.body)) {
        const loose = (route.anyType ?? []).some((p) => path === p || path.startsWith(`${p}.`));
        for (const wrong of wrongTypes(value))
          await send(`${path}=${JSON.stringify(wrong)}`, { payload: replaced(route.body, path, wrong) }, !loose);
        for (const edge of edgeValues(value))
          await send(`${path}=${JSON.stringify(edge).slice(0, 20)}`, { payload: replaced(route.body, path, edge) }, false);
        if (typeof value === 'string') await send(`${path} oversized`, { payload: replaced(route.body, path, OVERSIZED) });
        const deep = JSON.stringify(replaced(route.body, path, 'DEEP')).replace('"DEEP"', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
        await send(`${path} nested ${DEPTH} deep`, { raw: { text: deep, type: 'application/json' } }, false);
        if (!path.includes('.')) {
          const without = structuredClone(route.body);
          delete without[path];
          await send(`without ${path}`, { payload: without }, false);
        }
      }
    }
    expectAll(failures);
    // Thousands of requests, some of which write a content package (a written test's preview and save): more
    // than the default 30 s on a busy machine.
  }, 90_000);
});
