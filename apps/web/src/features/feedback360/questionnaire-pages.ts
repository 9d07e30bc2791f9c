import {
  CLOSED_PER_PAGE,
  type ClosedQuestion,
  type EvaluationAnswers,
  type LinkedQuestion,
  type OpenQuestion,
  type QuestionsResponse,
} from '@prova/contract/feedback360';

/** Closed questions ten to a page, then each linked question a page per column, then each open question. */
export type QuestionnairePage =
  | { kind: 'closed'; questions: ClosedQuestion[] }
  | { kind: 'linked'; question: LinkedQuestion; column: LinkedQuestion['columns'][number] }
  | { kind: 'open'; question: OpenQuestion };

export function buildPages(questions: Pick<QuestionsResponse, 'closed' | 'linked' | 'open'>): QuestionnairePage[] {
  const pages: QuestionnairePage[] = [];
  for (let i = 0; i < questions.closed.length; i += CLOSED_PER_PAGE) {
    pages.push({ kind: 'closed', questions: questions.closed.slice(i, i + CLOSED_PER_PAGE) });
  }
  for (const question of questions.linked) for (const column of question.columns) pages.push({ kind: 'linked', question, column });
  for (const question of questions.open) pages.push({ kind: 'open', question });
  return pages;
}

/** How many answers the page's column of a linked question holds. */
export function columnCount(page: Extract<QuestionnairePage, { kind: 'linked' }>, answers: EvaluationAnswers): number {
  return Object.values(answers.linked[page.question.id] ?? {}).filter((order) => order === page.column.order).length;
}

/** A page is answered when every closed question on it has a value, the column has its minimum, the text is not empty. */
export function isPageAnswered(page: QuestionnairePage, answers: EvaluationAnswers): boolean {
  switch (page.kind) {
    case 'closed':
      return page.questions.every((q) => answers.closed[q.id] !== undefined);
    case 'linked':
      return columnCount(page, answers) >= page.question.min_answers;
    case 'open':
      return (answers.open[page.question.id] ?? '').trim() !== '';
  }
}

export interface LinkedChoice {
  answerId: number;
  label: string;
  checked: boolean;
  /** Given to another column, or this column is full. */
  disabled: boolean;
}

/** The answers of a linked question on one column's page, with what may be chosen. */
export function linkedChoices(page: Extract<QuestionnairePage, { kind: 'linked' }>, answers: EvaluationAnswers): LinkedChoice[] {
  const given = answers.linked[page.question.id] ?? {};
  const full = columnCount(page, answers) >= page.question.max_answers;
  return page.question.answers.map((answer) => {
    const order = given[answer.id];
    const checked = order === page.column.order;
    return { answerId: answer.id, label: answer.label, checked, disabled: !checked && (order !== undefined || full) };
  });
}

/** Choosing an answer gives it to the page's column; choosing it again takes it back. */
export function toggleLinked(
  page: Extract<QuestionnairePage, { kind: 'linked' }>,
  answers: EvaluationAnswers,
  answerId: number,
): EvaluationAnswers {
  const given = { ...(answers.linked[page.question.id] ?? {}) };
  if (given[answerId] === page.column.order) delete given[answerId];
  else given[answerId] = page.column.order;
  return { ...answers, linked: { ...answers.linked, [page.question.id]: given } };
}

/** Where a reopened evaluation continues: the first page not answered yet; a finished one ('Modifica') from the start. */
export function firstOpenPage(pages: QuestionnairePage[], answers: EvaluationAnswers): number {
  return Math.max(
    0,
    pages.findIndex((page) => !isPageAnswered(page, answers)),
  );
}
