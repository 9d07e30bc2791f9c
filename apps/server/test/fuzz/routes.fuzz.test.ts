// Property-based fuzzing of every route the app registers: requests generated from each route's own
// schemas (the shared zod schemas of @prova/contract), mostly valid so they reach the handlers, the rest
// spoiled (wrong types, huge numbers, odd text, deep JSON, fields missing or added, broken bodies), sent
// by every kind of caller. Whatever comes in, the answer is never a 5xx and the server keeps answering.
//
// FUZZ_RUNS sets the requests per route (default below, for CI); `npm run fuzz` runs 1,000 per route.
// A failure prints fast-check's counterexample (the request) with its seed: FUZZ_SEED=<seed> replays it.
import { everyKind } from '@prova/qti/author/fixture';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJson } from '../../src/db/json-column';
import { rpcActions } from '../../src/routes/api/v2/rpc/actions';
import { buildTestApp, signIn } from '../build-test-app';
import { accessBundle, ANNA, BRUNO, C_BETA, C_MAIN, ELENA, MALFORMED_SEGMENTS, PASSWORD, SANDRO, SOFIA } from '../fixtures';
import {
  anyJson,
  arbitraryFromJsonSchema,
  type Hints,
  type JsonSchema,
  toJsonSchema,
  UnsupportedSchemaError,
} from './arbitrary-from-json-schema';
import { mutate, mutationArbitrary } from './mutations';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PUBLIC_URL = 'http://localhost:3000';
const SESSION_COOKIE = 'prova_session';

// ---------------------------------------------------------------------------------------------
// The routes, as the app registers them

interface FuzzRoute {
  key: string;
  url: string;
  methods: string[];
  /** Named path parameters; `*` for a wildcard. */
  params: string[];
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** Every route once, a GET and its HEAD twin as one route (fuzzed with either method). */
function fuzzRoutes(registered: RouteOptions[]): FuzzRoute[] {
  const byKey = new Map<string, FuzzRoute>();
  for (const route of registered) {
    for (const method of [route.method].flat()) {
      const id = `${method === 'HEAD' ? 'GET' : method} ${route.url}`;
      let known = byKey.get(id);
      if (!known) {
        const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
        known = { key: '', url: route.url, methods: [], params, schema: route.schema ?? {} };
        byKey.set(id, known);
      }
      if (!known.methods.includes(method)) known.methods.push(method);
      if (method !== 'HEAD') known.schema = route.schema ?? {};
    }
  }
  return [...byKey.values()].map((r) => ({ ...r, key: `${r.methods.sort().join('|')} ${r.url}` }));
}

const registered: RouteOptions[] = [];
const mailDir = mkdtempSync(join(tmpdir(), 'prova-fuzz-mail-'));
const t = await buildTestApp(accessBundle, { onRoute: (route) => registered.push(route), env: { MAIL_DIR: mailDir } });
const ROUTES = fuzzRoutes(registered);

// ---------------------------------------------------------------------------------------------
// Who calls: nobody signed in, a candidate, an assessor, both kinds of staff, someone of another company

const PEOPLE = {
  candidate: { email: ANNA, campaign: C_MAIN },
  assessor: { email: ELENA, campaign: C_MAIN },
  admin: { email: SOFIA, campaign: C_MAIN },
  superassessor: { email: SANDRO, campaign: C_MAIN },
  'other company': { email: BRUNO, campaign: C_BETA },
} as const;
type Person = keyof typeof PEOPLE;
type CallerName = Person | 'anonymous';
const CALLERS: CallerName[] = ['anonymous', ...(Object.keys(PEOPLE) as Person[])];
const sessions = {} as Record<Person, { cookie: string; id: number }>;

/**
 * A fresh session for someone whose session a fuzzed request ended (a sign-out, a sign-in that replaced
 * it). Made directly, not by signing in: the fuzzed sign-ins may have throttled the account.
 */
async function resume(person: Person) {
  const token = await t.app.repos.sessions.create(sessions[person].id);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const url = `/api/usercampaign/${PEOPLE[person].campaign}`;
  const selected = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });
  if (selected.statusCode !== 200) throw new Error(`${person} cannot select the campaign again: ${selected.body}`);
  sessions[person].cookie = cookie;
}

/** Numbers and short texts of the fixtures (ids, e-mails, abbreviations...), the password, the RPC actions. */
function harvest(...sources: unknown[]): Hints {
  const numbers = new Set<number>();
  const strings = new Set<string>([PASSWORD, ...Object.keys(rpcActions)]);
  const walk = (value: unknown) => {
    if (typeof value === 'number') {
      numbers.add(value);
      strings.add(String(value)); // as a key: answers by question id
    } else if (typeof value === 'string' && value.length <= 64) strings.add(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  sources.forEach(walk);
  return { numbers: [...numbers], strings: [...strings] };
}

type Kind = 'user' | 'campaign' | 'test' | 'report';

/** What a property's values name, by its name (`campaignId`, `evaluee`, `:id`...); `:id` names a campaign or a test. */
function kindsOfKey(key: string): Kind[] {
  if (/user|evaluee|evaluated|assessed/i.test(key)) return ['user'];
  if (/campaign/i.test(key)) return ['campaign'];
  if (/test/i.test(key)) return ['test'];
  if (/report/i.test(key)) return ['report'];
  return key === 'id' ? ['campaign', 'test'] : [];
}

/** One thing a caller may be about: a campaign of theirs, one of its tests and reports, themselves or a person they assess. */
type Context = Record<Kind, number>;

/**
 * Every context of a caller (of everybody, for nobody signed in), from the database. A request's ids
 * come from one context most of the time, so it often concerns something the caller may reach; from
 * anyone's ids or anything valid otherwise.
 */
async function contextsOf(userId: number | null): Promise<Context[]> {
  const db = t.app.database.db;
  const participations = await db
    .selectFrom('participants')
    .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
    .select(['participants.campaign_id as campaign', 'participants.user_id as user', 'campaigns.report'])
    .$if(userId !== null, (q) => q.where('participants.user_id', '=', userId!))
    .execute();
  const related = userId === null ? [] : await relatedPeople(userId);
  const contexts: Context[] = [];
  for (const p of participations) {
    const tests = (await db.selectFrom('campaign_tests').select('test_id').where('campaign_id', '=', p.campaign).execute()).map(
      (r) => r.test_id,
    );
    const report = parseJson<{ documents?: { id?: unknown }[] }>(p.report, {});
    const reports = (report.documents ?? []).map((d) => d.id).filter((id): id is number => typeof id === 'number');
    for (const test of tests.length > 0 ? tests : [0])
      for (const user of [p.user, ...related])
        for (const doc of reports.length > 0 ? reports : [0]) contexts.push({ campaign: p.campaign, test, user, report: doc });
  }
  if (contexts.length === 0) throw new Error(`no campaign for user ${userId}: the fixtures changed`);
  return contexts;
}

/** The people a user assesses or evaluates (360). */
async function relatedPeople(userId: number): Promise<number[]> {
  const db = t.app.database.db;
  const assessed = await db.selectFrom('assessments').select('assessed_id as id').where('assessor_id', '=', userId).execute();
  const evaluated = await db.selectFrom('relations360').select('evaluee_id as id').where('evaluator_id', '=', userId).execute();
  return [...new Set([...assessed, ...evaluated].map((r) => r.id))].filter((id) => id !== userId);
}

/** Hints for one request: its context's ids first, anyone's ids of the same kind next. */
const TIME_ZONES = ['Europe/Rome', 'America/New_York', 'Asia/Tokyo'];
const ENDPOINTS = ['http://127.0.0.1:9/hook', 'https://hr.example/prova/events'];

function hintsIn(context: Context, base: Hints, everyone: Record<Kind, number[]>): Hints {
  return {
    ...base,
    byKey: (key) => {
      // A time zone is one of the runtime's names: a random text almost never is.
      if (/timezone/i.test(key)) return { only: TIME_ZONES };
      // An endpoint (a webhook's) is an http(s) address, which a random text never is.
      if (key === 'url') return { only: ENDPOINTS };
      const kinds = kindsOfKey(key);
      if (kinds.length === 0) return undefined;
      return { preferred: kinds.map((k) => context[k]), numbers: kinds.flatMap((k) => everyone[k]) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Generating a request

interface FuzzRequest {
  caller: CallerName;
  spoiled: Spoiled;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

/** Path segments and query values that are not what any schema asks for, sent as they are. */
const RAW_SEGMENTS = [...MALFORMED_SEGMENTS, '%E0%A4%A', '%2e%2e', '%2f', '..', '%E2%80%AE', '%F0%9F%98%80'];

/** Percent-encodes any text, lone surrogates included (encodeURIComponent refuses those). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A value as the text of a path segment or query value. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A valid value with one to three mutations. */
function spoil(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.array(mutationArbitrary(), { minLength: 1, maxLength: 3 })).map(([v, m]) => mutate(v, m));
}

/** Routes whose query holds a list as text. */
const QUERY_AS_TEXT = new Set(['GET|HEAD /api/staff/tests/:testId/analysis', 'GET|HEAD /api/staff/tests/:testId/analysis.csv']);

function schemaOf(route: FuzzRoute, part: 'params' | 'querystring' | 'body'): JsonSchema | undefined {
  const schema = route.schema[part];
  if (schema === undefined) return undefined;
  try {
    // A query is text: a list read from it (`?campaigns=1,2`) is generated as the text, not as what it is read into.
    if (part === 'querystring' && QUERY_AS_TEXT.has(route.key)) return toJsonSchema(schema, 'input');
    return toJsonSchema(schema);
  } catch (error) {
    throw new UnsupportedSchemaError(`${route.key}: the ${part} schema has no JSON Schema (${(error as Error).message})`);
  }
}

/**
 * Bodies whose rules a JSON Schema cannot say, so that generated ones would all stop at validation: a test written in
 * the console has every text in each of its languages and no id twice. A valid one, spoiled as any body is.
 */
const EXAMPLE_BODIES: Record<string, fc.Arbitrary<unknown>> = {
  'POST /api/staff/authored-tests': fc.constant({ test: everyKind }),
  'PUT /api/staff/authored-tests/:testId': fc.constant({ test: everyKind }),
  'POST /api/staff/authored-tests/preview': fc.constant({ test: everyKind }),
};

function generate(route: FuzzRoute, part: 'params' | 'querystring' | 'body', hints: Hints): fc.Arbitrary<unknown> | undefined {
  if (part === 'body' && EXAMPLE_BODIES[route.key]) return EXAMPLE_BODIES[route.key];
  const schema = schemaOf(route, part);
  if (schema === undefined) return undefined;
  try {
    return arbitraryFromJsonSchema(schema, hints);
  } catch (error) {
    throw new UnsupportedSchemaError(`${route.key}: cannot generate its ${part}: ${(error as Error).message}`);
  }
}

/** Which part of a request is spoiled: none most of the time, so that most requests reach the handler. */
type Spoiled = 'nothing' | 'path' | 'query' | 'body';

function pathArbitrary(route: FuzzRoute, hints: Hints, spoiled: boolean): fc.Arbitrary<string> {
  const named = route.params.filter((p) => p !== '*');
  const params = generate(route, 'params', hints);
  if (named.length > 0 && !params)
    throw new UnsupportedSchemaError(`${route.key}: path parameters ${named.join(', ')} without a params schema`);
  const noSegments = fc.constant({} as Record<string, string>);
  const values = !params ? fc.constant({}) : spoiled ? spoil(params) : params;
  const rawSegments =
    spoiled && named.length > 0 ? fc.dictionary(fc.constantFrom(...named), fc.constantFrom(...RAW_SEGMENTS), { minKeys: 1 }) : noSegments;
  const raw = spoiled ? fc.oneof(noSegments, rawSegments) : noSegments;
  // What a wildcard matches is any path, whatever is spoiled.
  const segment = fc.oneof(
    fc.constantFrom(...RAW_SEGMENTS, 'index.html', '.', 'a'.repeat(300)),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encode),
  );
  const wildcard = fc.array(segment, { maxLength: 5 }).map((segments) => segments.join('/'));
  return fc.tuple(values, raw, wildcard).map(([v, rawValues, rest]) => {
    const given = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    return route.url.replace(/:(\w+)|\*/g, (_, name?: string) => {
      if (name === undefined) return rest;
      return rawValues[name] ?? encode(asText(given[name]));
    });
  });
}

function queryArbitrary(route: FuzzRoute, hints: Hints, spoiled: boolean): fc.Arbitrary<string> {
  const schema = generate(route, 'querystring', hints);
  if (!spoiled) return schema ? schema.map(queryText) : fc.constant('');
  const strayKeys = fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.constantFrom(...RAW_SEGMENTS)), {
    minKeys: 1,
    maxKeys: 3,
  });
  const raw = fc.constantFrom('%ZZ=1', 'a[b]=1&a[c]=2', '&&=&', '=', 'campaignId=1&campaignId=2', `x=${'%E0%A4%A'}`);
  return fc.oneof(...(schema ? [spoil(schema).map(queryText)] : []), strayKeys.map(queryText), raw);
}

function queryText(values: unknown): string {
  if (typeof values !== 'object' || values === null) return encode(asText(values));
  return Object.entries(values)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encode(key)}=${encode(asText(v))}`))
    .join('&');
}

interface Body {
  payload?: string;
  contentType?: string;
}

/** Bodies that are not JSON of any shape: broken, too deep, too large, of another type. */
const rawBody: fc.Arbitrary<Body> = fc.constantFrom<Body>(
  { payload: '{"a": ', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }), contentType: 'application/json' },
  { payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '{}', contentType: 'application/json; charset=latin1' },
);

function bodyArbitrary(route: FuzzRoute, method: string, hints: Hints, spoiled: boolean): fc.Arbitrary<Body> {
  if (method === 'GET' || method === 'HEAD') return fc.constant({});
  const schema = generate(route, 'body', hints);
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v): Body => (v === undefined ? {} : { payload: JSON.stringify(v), contentType: 'application/json' }));
  if (!spoiled) return schema ? json(schema) : fc.constant({});
  return fc.oneof(
    { weight: 3, arbitrary: json(spoil(schema ?? fc.constant({}))) },
    { weight: 1, arbitrary: json(anyJson) },
    { weight: 1, arbitrary: rawBody },
  );
}

function requestArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const spoils = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Spoiled>('nothing') },
    { weight: 1, arbitrary: fc.constantFrom<Spoiled>('path', 'query', 'body') },
  );
  const built = new Map<string, fc.Arbitrary<FuzzRequest>>();
  const requests = CALLERS.map((caller) =>
    fc.tuple(fc.nat({ max: CONTEXTS[caller].length - 1 }), spoils).chain(([index, spoiled]) => {
      const id = `${caller} ${index} ${spoiled}`;
      const known = built.get(id);
      if (known) return known;
      const hints = hintsIn(CONTEXTS[caller][index], BASE_HINTS, EVERYONE);
      const path = pathArbitrary(route, hints, spoiled === 'path');
      const query = queryArbitrary(route, hints, spoiled === 'query');
      const byMethod = route.methods.map((method) =>
        fc
          .record({ path, query, body: bodyArbitrary(route, method, hints, spoiled === 'body'), remoteAddress: fc.ipV4() })
          .map(({ path: p, query: q, body, remoteAddress }): FuzzRequest => {
            const headers: Record<string, string> = {};
            // What a browser sends with a state-changing request of the app's own pages.
            if (method !== 'GET' && method !== 'HEAD') headers.origin = PUBLIC_URL;
            if (body.contentType) headers['content-type'] = body.contentType;
            return { caller, spoiled, method, url: q ? `${p}?${q}` : p, headers, payload: body.payload, remoteAddress };
          }),
      );
      const request = fc.oneof(...byMethod);
      built.set(id, request);
      return request;
    }),
  );
  return fc.oneof(...requests);
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const person = request.caller === 'anonymous' ? null : request.caller;
  const headers = person ? { ...request.headers, cookie: sessions[person].cookie } : request.headers;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.payload,
    remoteAddress: request.remoteAddress,
  });
  // A sign-out or a new sign-in ended the caller's session: the next request gets a new one.
  if (person && (response.statusCode === 401 || response.cookies.some((c) => c.name === SESSION_COOKIE))) await resume(person);
  return response;
}

// ---------------------------------------------------------------------------------------------

let BASE_HINTS: Hints;
let EVERYONE: Record<Kind, number[]>;
const CONTEXTS = {} as Record<CallerName, Context[]>;

beforeAll(async () => {
  for (const [person, { email, campaign }] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    sessions[person] = await signIn(t.app, email, PASSWORD, campaign);
    CONTEXTS[person] = await contextsOf(sessions[person].id);
  }
  CONTEXTS.anonymous = await contextsOf(null);
  const db = t.app.database.db;
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  EVERYONE = {
    user: ids(await db.selectFrom('users').select('id').execute()),
    campaign: ids(await db.selectFrom('campaigns').select('id').execute()),
    test: ids(await db.selectFrom('tests').select('id').execute()),
    report: [...new Set(CONTEXTS.anonymous.map((c) => c.report))],
  };
  BASE_HINTS = harvest(accessBundle, EVERYONE);
});

afterAll(async () => {
  await t.close();
  rmSync(mailDir, { recursive: true, force: true });
});

describe('the fuzzed routes', () => {
  it('are every route the app registers, API and files', () => {
    expect(ROUTES.length).toBeGreaterThan(20);
    expect(ROUTES.map((r) => r.key)).toContain('POST /api/outcomes/:campaignId/:testId/:userId');
  });

  it('get schema-valid values from the generator nearly always (so the handlers, not just validation, are reached)', () => {
    // Some rules are checks the JSON Schema cannot say (a name blank in every language): about 9 in 10 such bodies are
    // valid. 200 samples against 80 % fail only on a real loss, not on a seed's bad luck (90 of 100 did, now and then).
    const SAMPLES = 200;
    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = route.schema[part];
        if (!(schema instanceof z.core.$ZodType)) continue;
        const samples = fc.sample(generate(route, part, hintsIn(CONTEXTS.candidate[0], BASE_HINTS, EVERYONE))!, {
          numRuns: SAMPLES,
          seed: SEED,
        });
        // Path and query values travel as text: the route's schema reads them back (coercing numbers).
        const sent =
          part === 'body' ? samples : samples.map((s) => Object.fromEntries(Object.entries(s as object).map(([k, v]) => [k, asText(v)])));
        const valid = sent.filter((s) => z.safeParse(schema, s).success).length;
        if (valid < SAMPLES * 0.8)
          failures.push(
            `${route.key} ${part}: ${valid}/${SAMPLES} valid, e.g. ${JSON.stringify(sent.find((s) => !z.safeParse(schema, s).success))}`,
          );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

describe(`every route, ${RUNS} generated requests each: never a 5xx`, () => {
  for (const route of ROUTES) {
    it(
      route.key,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route), async (request) => {
            const response = await send(request);
            if (response.statusCode >= 500) {
              throw new Error(`${request.method} ${request.url.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 500)}`);
            }
          }),
          { numRuns: RUNS, seed: SEED },
        );
      },
      Math.max(30_000, RUNS * 250),
    );
  }
});

describe('after the fuzzing', () => {
  it('the server still answers, its background scoring included', async () => {
    await t.app.scoring.idle();
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessions.candidate.cookie } });
    expect(me.statusCode, me.body).toBe(200);
  });
});
