// A candidate's browser that lies, as a process of its own talking HTTP to the server like any browser:
// plain Node, nothing of the project's. It signs in, takes a QTI package test giving wrong answers while it
// claims a score, outcomes, completion and a clock of its own, then a SCORM course claiming a source and a
// score beyond the course's maximum. It prints every answer it got, as one JSON line, for the test to judge.
//
//   node lying-browser.mjs '{"url":..., "origin":..., "email":..., "password":..., "campaign":..., "qti":..., "scorm":...}'

const plan = JSON.parse(process.argv[2]);
const answers = {};
let cookie = '';

async function call(name, method, path, body) {
  const response = await fetch(`${plan.url}${path}`, {
    method,
    headers: {
      origin: plan.origin,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the status says enough
  }
  answers[name] = { status: response.status, body: json };
  return response;
}

const signedIn = await call('signIn', 'POST', '/api/auth/login', { username: plan.email, password: plan.password });
cookie = signedIn.headers
  .getSetCookie()
  .find((c) => /^(__Host-)?prova_session=/.test(c))
  ?.split(';')[0];
const me = answers.signIn.body.user.id;
await call('select', 'POST', `/api/usercampaign/${plan.campaign}`, {});

// The QTI test: every answer wrong, and everything a browser could claim beside them.
const qti = `${plan.campaign}/${me}`;
await call('qtiStart', 'POST', `/api/tests/${plan.qti}/start/${qti}`, { endsAt: '2099-01-01T00:00:00.000Z', extraTime: 1000 });
const forged = {
  qti: 1,
  position: 'item-that-is-not-there-99',
  responses: {
    'choice-single': { RESPONSE: 'A', SCORE: '1', completionStatus: 'completed' },
    'choice-multiple': { RESPONSE: ['P1'] },
    'text-entry': { RESPONSE: 'Rotterdam' },
    'inline-choice': { RESPONSE: 'WENT-NOT' },
    'item-that-is-not-there-99': { RESPONSE: 'C' },
  },
  flagged: ['item-that-is-not-there-99'],
  SCORE: 100,
  PASSED: true,
  outcomes: [{ questionId: 'SCORE', value: 100 }],
  completed: true,
  status: 'complete',
  endsAt: '2099-01-01T00:00:00.000Z',
  clock: { startedAt: '2000-01-01T00:00:00.000Z', endsAt: '2099-01-01T00:00:00.000Z', remainingMs: 1e12 },
};
await call('qtiSave', 'POST', `/api/tests/${plan.qti}/sync/${qti}`, {
  version: 1,
  status: 'incomplete',
  data: forged,
  score: 100,
  endsAt: '2099-01-01T00:00:00.000Z',
  timing: { endsAt: '2099-01-01T00:00:00.000Z' },
});
// A clock run out long ago, by the browser's say.
await call('qtiSavePast', 'POST', `/api/tests/${plan.qti}/data/${qti}`, {
  version: 2,
  data: { ...forged, endsAt: '2000-01-01T00:00:00.000Z', clock: { endsAt: '2000-01-01T00:00:00.000Z', remainingMs: 0 } },
  endsAt: '2000-01-01T00:00:00.000Z',
});
await call('qtiSync', 'GET', `/api/tests/${plan.qti}/sync/${qti}`);
// Outcomes of its own making, with a source of its choosing: they complete the test.
await call('qtiOutcomes', 'POST', `/api/outcomes/${plan.campaign}/${plan.qti}/${me}`, {
  source: 'server',
  values: [
    { questionId: 'SCORE', value: 100, source: 'server' },
    { questionId: 'PASSED', value: true },
    { questionId: 'choice-single', value: 1 },
  ],
});
// The right answers, once complete: too late.
await call('qtiLateSave', 'POST', `/api/tests/${plan.qti}/sync/${qti}`, {
  version: 3,
  status: 'complete',
  data: { qti: 1, position: null, responses: { 'choice-single': { RESPONSE: 'C' } }, flagged: [] },
});

// The SCORM course: its outcomes are the content's own, whatever source the browser names.
const scorm = `${plan.campaign}/${me}`;
await call('scormStart', 'POST', `/api/tests/${plan.scorm}/start/${scorm}`, {});
await call('scormSave', 'POST', `/api/tests/${plan.scorm}/data/${scorm}`, {
  version: 1,
  data: { scorm: 1, version: '1.2', cmi: { core: { lesson_status: 'passed', score: { raw: '500', max: '100' } } }, source: 'server' },
});
await call('scormOutcomes', 'POST', `/api/outcomes/${plan.campaign}/${plan.scorm}/${me}`, {
  source: 'server',
  values: [
    { questionId: 'score.raw', value: 500, source: 'server' },
    { questionId: 'score.max', value: 100 },
    { questionId: 'q_fire_alarm', value: 'correct' },
  ],
});
await call('scormAgain', 'POST', `/api/outcomes/${plan.campaign}/${plan.scorm}/${me}`, {
  values: [{ questionId: 'score.raw', value: 1000 }],
});
await call('tests', 'GET', '/api/usertests');

process.stdout.write(`${JSON.stringify({ me, answers })}\n`);
