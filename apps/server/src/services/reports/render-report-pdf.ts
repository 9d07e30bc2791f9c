import en from '@prova/contract/locales/en/report.json';
import es from '@prova/contract/locales/es/report.json';
import it from '@prova/contract/locales/it/report.json';
// The texts filled in as the page's i18next fills them (the Italian article before a number included).
import { fillReportText as fill } from '@prova/contract/report-texts';
import {
  barPercent,
  devSuggestionParts,
  formatScore,
  highlightedSkills,
  type PersonalReport,
  ratingBand,
  REPORT_SCALE_MAX,
  type Results360,
  type Results360Group,
  suggestedMarkers,
} from '@prova/contract/reports';
import type { ReportNorm } from '@prova/contract/reports';
import PDFDocument from 'pdfkit';

export interface ReportPdfInput {
  lang: 'it' | 'en' | 'es';
  person: { firstName: string; lastName: string };
  campaign: { name: string };
  report: PersonalReport;
  results360: Results360 | null;
  /** The person's normed outcomes (a campaign with norms). */
  norms?: readonly ReportNorm[];
  generatedAt: Date;
  /** The document's name, when a campaign document is run; the report's own title otherwise. */
  title?: string;
}

type Texts = typeof it;
const TEXTS: Record<ReportPdfInput['lang'], Texts> = { it, en, es };
const LOCALE: Record<ReportPdfInput['lang'], string> = { it: 'it-IT', en: 'en-GB', es: 'es-ES' };

const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  accent: '#b71c1c',
  track: '#e4e7eb',
  bar: '#1565c0',
  grid: '#cbd2d9',
  fill: '#1565c0',
  star: '#f0a202',
};
const MARGIN = 50;
/** Widest a radar label may be before it wraps. */
const LABEL_WIDTH = 120;

const ddMMyyyy = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

/** The individual report as a PDF: the same content as the report page, chart included, in one language. */
export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const t = TEXTS[input.lang];
  const locale = LOCALE[input.lang];
  const fullName = `${input.person.firstName} ${input.person.lastName}`.trim();
  const title = input.title || t.title;
  // Tagged (PDF/UA's structure): a screen reader reads headings, paragraphs and the chart's words in order; bars and
  // marks are artifacts.
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    pdfVersion: '1.7',
    tagged: true,
    displayTitle: true,
    info: { Title: `${title} – ${fullName}`, Author: 'Prova' },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const score = (value: number) => formatScore(value, locale);
  const bandLabel = (value: number) => t.bands[String(ratingBand(value)) as keyof Texts['bands']];
  /** Starts a new page when fewer than `height` points are left. */
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const heading = (text: string, size = 15) => {
    room(60);
    doc
      .moveDown(0.6)
      .font('Helvetica-Bold')
      .fontSize(size)
      .fillColor(COLOR.text)
      .text(text, MARGIN, doc.y, { width, structParent: root, structType: size > 12 ? 'H2' : 'H3' });
    doc.moveDown(0.3);
  };
  const body = (text: string, opts: { indent?: number; color?: string; bold?: boolean; size?: number } = {}) => {
    if (!text) return;
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 10)
      .fillColor(opts.color ?? COLOR.text)
      .text(text, MARGIN + (opts.indent ?? 0), doc.y, { width: width - (opts.indent ?? 0), structParent: root, structType: 'P' });
  };
  /** What only shows (bars, marks): left out of what a screen reader reads. */
  const artifact = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };
  const bar = (value: number, indent: number) => {
    room(14);
    const x = MARGIN + indent;
    const full = Math.min(220, width - indent);
    const y = doc.y + 2;
    artifact(() => {
      doc.rect(x, y, full, 6).fill(COLOR.track);
      doc.rect(x, y, (full * barPercent(value)) / 100, 6).fill(COLOR.bar);
    });
    doc.y = y + 10;
  };

  // Title block
  doc.font('Helvetica-Bold').fontSize(22).fillColor(COLOR.text).text(title, { width, structParent: root, structType: 'H1' });
  body(fill(t.personOf, { name: fullName, campaign: input.campaign.name }), { size: 12 });
  body(fill(t.generatedOn, { date: ddMMyyyy(input.generatedAt) }), { color: COLOR.muted });

  const { areas, skills, markers, tasks, tests } = input.report;
  const profile = areas.filter((area) => area.inProfile);
  if (profile.length > 0) {
    heading(t.profile);
    // The chart is a figure whose words are its areas' scores (each also follows in the summary).
    const alt = profile.map((area) => `${area.name}: ${score(area.value)}`).join('; ');
    root.add(doc.struct('Figure', { alt }, () => drawProfile(doc, profile, width)));
    heading(t.summary, 12);
    for (const area of profile) {
      room(50);
      body(`${area.name} · ${score(area.value)} · ${bandLabel(area.value)}`, { bold: true });
      body(area.feedback, { color: COLOR.muted });
      doc.moveDown(0.4);
    }
  }

  if (areas.length > 0) {
    heading(t.details);
    const { best, worst } = highlightedSkills(input.report);
    for (const area of areas) {
      room(70);
      body(`${area.name} · ${fill(t.score, { value: score(area.value) })}`, { bold: true, size: 12 });
      bar(area.value, 0);
      for (const skill of skills.filter((s) => s.areaId === area.id)) {
        room(60);
        // Helvetica's WinAnsi encoding has no star glyph: the mark is drawn beside the line instead.
        const isBest = best.includes(skill);
        if (isBest) artifact(() => drawStar(doc, MARGIN + 6, doc.y + 5, 5));
        const mark = isBest ? ` · ${t.best}` : '';
        body(`${skill.name} · ${score(skill.value)} · ${bandLabel(skill.value)}${mark}`, { indent: 14, bold: true });
        bar(skill.value, 14);
        if (worst.includes(skill)) {
          body(`${t.attention} – ${t.suggestions}`, { indent: 14, color: COLOR.accent, bold: true });
          for (const marker of suggestedMarkers(skill.id, markers)) {
            for (const part of devSuggestionParts(marker.devSuggestion)) body(`• ${part}`, { indent: 24, color: COLOR.accent });
          }
        }
        for (const marker of markers.filter((m) => m.skillId === skill.id)) {
          room(40);
          body(`${marker.name} · ${score(marker.value)}`, { indent: 28 });
          body(marker.feedback, { indent: 28, color: COLOR.muted, size: 9 });
          const taskIds = new Set(tasks.filter((task) => task.markerId === marker.id).map((task) => task.id));
          const related = [...new Set(tests.filter((test) => taskIds.has(test.taskId)).map((test) => test.name))];
          if (related.length) body(`${t.relatedTests}: ${related.join(', ')}`, { indent: 28, color: COLOR.muted, size: 9 });
        }
        doc.moveDown(0.3);
      }
      doc.moveDown(0.5);
    }
  }

  if (input.norms?.length) drawNorms(input.norms, t, { heading, body, room, locale });
  if (input.results360) draw360(input.results360, t, { heading, body, room, locale });

  root.end();
  doc.end();
  return done;
}

interface Drawing {
  heading(text: string, size?: number): void;
  body(text: string, opts?: { indent?: number; color?: string; bold?: boolean; size?: number }): void;
  room(height: number): void;
  locale: string;
}

/** Each normed outcome: the test, the percentile (a range for an estimate with its SE), the sten, and what it means. */
function drawNorms(norms: readonly ReportNorm[], t: Texts, { heading, body, room }: Drawing) {
  heading(t.norms.heading);
  for (const norm of norms) {
    room(60);
    const vars = { p: norm.percentile, name: norm.name, n: norm.n, low: norm.band?.low ?? '', high: norm.band?.high ?? '' };
    const where = norm.band ? fill(t.norms.band, vars) : fill(t.norms.percentile, vars);
    body(`${norm.testName} · ${where} · ${t.norms.stenHeading}: ${norm.sten}`, { bold: true });
    body(fill(norm.band ? t.norms.bandSentence : t.norms.sentence, vars));
  }
  body(t.norms.stenHelp, { color: COLOR.muted, size: 9 });
}

function groupName(group: Results360Group, t: Texts): string {
  if (group.kind === 'relation') return group.label;
  return t.feedback360[group.kind];
}

function draw360(results: Results360, t: Texts, { heading, body, room, locale }: Drawing) {
  const mean = (value: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  heading(t.feedback360.heading);
  body(fill(t.feedback360.intro, { max: results.scaleMax }));
  body(fill(t.feedback360.confidentiality, { threshold: results.threshold }), { color: COLOR.muted, size: 9 });
  for (const question of results.questions) {
    room(30 + 14 * results.groups.length);
    body(question.text, { bold: true });
    for (const group of results.groups) {
      const value = question.means[group.key];
      if (value === undefined) continue;
      const count = question.raters[group.key] ?? 0;
      const raters =
        group.kind === 'self' ? '' : ` (${fill(count === 1 ? t.feedback360.raters_one : t.feedback360.raters_other, { count })})`;
      body(`${groupName(group, t)}: ${mean(value)}${raters}`, { indent: 14 });
    }
  }
  if (results.comments.length === 0) return;
  heading(t.feedback360.comments, 12);
  for (const comment of results.comments) {
    room(50);
    body(comment.text, { bold: true });
    if (comment.self.length) body(`${t.feedback360.yourComment}: ${comment.self.join(' · ')}`, { indent: 14 });
    if (comment.others.length) {
      body(`${t.feedback360.othersComments}:`, { indent: 14 });
      for (const text of comment.others) body(`• ${text}`, { indent: 24 });
    }
    if (!comment.self.length && !comment.others.length) body(t.feedback360.noComments, { indent: 14, color: COLOR.muted });
  }
}

/** A radar of the profile's areas (bars when fewer than three), drawn as vector paths. */
function drawProfile(doc: PDFKit.PDFDocument, areas: PersonalReport['areas'], width: number) {
  if (areas.length < 3) {
    for (const area of areas) {
      if (doc.y + 40 > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.font('Helvetica').fontSize(10).fillColor(COLOR.text).text(area.name, MARGIN, doc.y, { width });
      const y = doc.y + 2;
      doc.rect(MARGIN, y, 220, 8).fill(COLOR.track);
      doc.rect(MARGIN, y, (220 * barPercent(area.value)) / 100, 8).fill(COLOR.bar);
      doc.y = y + 14;
    }
    return;
  }
  const radius = 110;
  doc.font('Helvetica').fontSize(9);
  // Room above and below the grid for the tallest (wrapped) label.
  const labelRoom = Math.max(...areas.map((area) => doc.heightOfString(area.name, { width: LABEL_WIDTH }))) + 6;
  if (doc.y + 2 * (radius + labelRoom) + 16 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const cx = MARGIN + width / 2;
  const cy = doc.y + labelRoom + radius + 4;
  const point = (index: number, value: number): [number, number] => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / areas.length;
    const r = (radius * Math.max(0, Math.min(REPORT_SCALE_MAX, value))) / REPORT_SCALE_MAX;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  };
  doc.lineWidth(0.5).strokeColor(COLOR.grid);
  for (let level = 1; level <= REPORT_SCALE_MAX; level++) doc.polygon(...areas.map((_, i) => point(i, level))).stroke();
  areas.forEach((_, i) => {
    doc
      .moveTo(cx, cy)
      .lineTo(...point(i, REPORT_SCALE_MAX))
      .stroke();
  });
  doc
    .polygon(...areas.map((area, i) => point(i, area.value)))
    .fillOpacity(0.3)
    .fillAndStroke(COLOR.fill, COLOR.fill);
  doc.fillOpacity(1).lineWidth(1);
  // Labels sit outside the axis ends, wrapped in a narrow box and kept inside the margins.
  doc.font('Helvetica').fontSize(9).fillColor(COLOR.text);
  let bottom = Math.max(...areas.map((_, i) => point(i, REPORT_SCALE_MAX)[1]));
  areas.forEach((area, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / areas.length;
    const [ex, ey] = point(i, REPORT_SCALE_MAX);
    const boxWidth = Math.min(LABEL_WIDTH, doc.widthOfString(area.name) + 1);
    const boxHeight = doc.heightOfString(area.name, { width: boxWidth });
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    let x = Math.abs(cos) < 0.2 ? ex - boxWidth / 2 : cos > 0 ? ex + 6 : ex - 6 - boxWidth;
    x = Math.max(MARGIN, Math.min(MARGIN + width - boxWidth, x));
    const y = sin < -0.2 ? ey - 4 - boxHeight : sin > 0.2 ? ey + 4 : ey - boxHeight / 2;
    const align = Math.abs(cos) < 0.2 ? 'center' : cos > 0 ? 'left' : 'right';
    doc.text(area.name, x, y, { width: boxWidth, align });
    bottom = Math.max(bottom, y + boxHeight);
  });
  doc.x = MARGIN;
  doc.y = bottom + 16;
}

/** A small filled five-pointed star centred on (x, y). */
function drawStar(doc: PDFKit.PDFDocument, x: number, y: number, r: number) {
  const points = Array.from({ length: 10 }, (_, k): [number, number] => {
    const angle = -Math.PI / 2 + (Math.PI * k) / 5;
    const radius = k % 2 === 0 ? r : r * 0.45;
    return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
  });
  doc
    .save()
    .polygon(...points)
    .fill(COLOR.star)
    .restore();
}
