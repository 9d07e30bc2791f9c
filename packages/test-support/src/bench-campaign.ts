// The bench's campaign (bench/seed.ts imports it with these tests and this report model), shared with the server's
// hot-queries test, which runs a candidate's calls over the same campaign: its ids and its 50-marker report model.

export const CAMPAIGN = 9200;
/** The test candidates save into (data and status writes), untimed. */
export const TEST_SAVE = 9201;
/** The timed test the arriving candidates open. */
export const TEST_START = 9202;
/** Ten tests whose outcomes the report model reads; the first is scored by the server. */
export const OUTCOME_TESTS = Array.from({ length: 10 }, (_, k) => 9210 + k);
export const SCORED_TEST = OUTCOME_TESTS[0];

/** The 50-marker model: 5 areas, 2 skills each, 5 markers each, 2 tasks a marker over the ten outcome tests. */
export function reportModel() {
  const text = (what: string, id: number) => ({ IT_it: `${what} ${id}`, EN_en: `${what} ${id} (en)` });
  const bands = (id: number) => Object.fromEntries([1, 2, 3, 4].map((band) => [String(band), text(`Commento di fascia ${band} per`, id)]));
  const areas = Array.from({ length: 5 }, (_, a) => ({ id: a + 1, name: text('Area', a + 1), inProfile: a < 4, feedback: bands(a + 1) }));
  const skills = areas.flatMap((area) =>
    Array.from({ length: 2 }, (_, s) => ({ id: area.id * 10 + s, areaId: area.id, name: text('Competenza', area.id * 10 + s) })),
  );
  const markers = skills.flatMap((skill) =>
    Array.from({ length: 5 }, (_, m) => ({
      id: skill.id * 10 + m,
      skillId: skill.id,
      name: text('Indicatore', skill.id * 10 + m),
      feedback: bands(skill.id * 10 + m),
      devSuggestion: text('Primo suggerimento---Secondo suggerimento', skill.id * 10 + m),
    })),
  );
  let taskId = 0;
  const tasks = markers.flatMap((marker) =>
    Array.from({ length: 2 }, () => {
      taskId += 1;
      const test = OUTCOME_TESTS[taskId % OUTCOME_TESTS.length];
      return { id: taskId, markerId: marker.id, name: `Compito ${taskId}`, test, outcome: `q${taskId}`, min: 0, max: 100 };
    }),
  );
  return { areas, skills, markers, tasks };
}
