// Every place a bundle names a test by id, read from the bundle as written (valid or not), so that the
// console's scope check and the operator's shares see the same list (docs/bundle-format.md).

export type Path = (string | number)[];

export interface TestReference {
  path: Path;
  id: number;
  /** The index of the campaign that names it (absent: a test's own prerequisites). */
  campaign?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * Tests named by a test's `jsonData.prerequisites` and, in each campaign, by `tests[].test`,
 * `tests[].prerequisites`, `assessments[].tests`, `model.tasks[].test`, a challenge's
 * `data.sections.*.tests` and an agenda's `data.tests` (its values); and each norm's `test`.
 */
export function testReferences(input: unknown): TestReference[] {
  const out: TestReference[] = [];
  const add = (path: Path, value: unknown, campaign?: number) => {
    if (isId(value)) out.push({ path, id: value, ...(campaign === undefined ? {} : { campaign }) });
  };
  if (!isRecord(input)) return out;
  list(input.tests).forEach((test, at) => {
    if (!isRecord(test) || !isRecord(test.jsonData)) return;
    list(test.jsonData.prerequisites).forEach((id, k) => add(['tests', at, 'jsonData', 'prerequisites', k], id));
  });
  list(input.norms).forEach((norm, at) => {
    if (isRecord(norm)) add(['norms', at, 'test'], norm.test);
  });
  list(input.campaigns).forEach((campaign, at) => {
    if (!isRecord(campaign)) return;
    const path = ['campaigns', at];
    list(campaign.tests).forEach((t, k) => {
      if (!isRecord(t)) return;
      add([...path, 'tests', k, 'test'], t.test, at);
      list(t.prerequisites).forEach((id, j) => add([...path, 'tests', k, 'prerequisites', j], id, at));
    });
    list(campaign.assessments).forEach((a, k) => {
      if (isRecord(a)) list(a.tests).forEach((id, j) => add([...path, 'assessments', k, 'tests', j], id, at));
    });
    if (isRecord(campaign.model))
      list(campaign.model.tasks).forEach((task, k) => {
        if (isRecord(task)) add([...path, 'model', 'tasks', k, 'test'], task.test, at);
      });
    const data = campaign.data;
    if (!isRecord(data)) return;
    if (isRecord(data.sections))
      for (const [key, section] of Object.entries(data.sections))
        if (isRecord(section)) list(section.tests).forEach((id, j) => add([...path, 'data', 'sections', key, 'tests', j], id, at));
    if (isRecord(data.tests)) for (const [day, id] of Object.entries(data.tests)) add([...path, 'data', 'tests', day], id, at);
  });
  return out;
}
