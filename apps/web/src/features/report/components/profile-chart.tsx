import { REPORT_SCALE_MAX, type ReportArea } from '@prova/contract/reports';
import { curveLinearClosed, lineRadial, pointRadial } from 'd3-shape';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useScoreFormat } from './score';

/**
 * The drawing's own units, in two shapes: a wide one for screens with room (scaled up to 420 px high), a compact one
 * for phones, drawn at about its own size there so that the names stay readable (report.css shows the one that fits).
 */
interface Geometry {
  width: number;
  height: number;
  radius: number;
}
const WIDE: Geometry = { width: 520, height: 400, radius: 140 };
const COMPACT: Geometry = { width: 340, height: 320, radius: 80 };
const LABEL_GAP = 10;
const FONT_SIZE = 14;
const LINE_HEIGHT = 16;
const MAX_LINES = 3;
/** A character's average width, as a share of the font size (0.47 in DejaVu Sans, a wide font): to wrap names in the drawing. */
const CHAR_WIDTH = 0.5;

const LEVELS = Array.from({ length: REPORT_SCALE_MAX + 1 }, (_, level) => level);

/** The radius of a value on 0..REPORT_SCALE_MAX. */
function radiusOf(value: number, radius: number): number {
  return (Math.min(Math.max(value, 0), REPORT_SCALE_MAX) / REPORT_SCALE_MAX) * radius;
}

/** Axes clockwise from the top, as d3's radial shapes measure angles. */
const angleOf = (index: number, count: number) => (2 * Math.PI * index) / count;

const ring = lineRadial<number>()
  .angle((_, index, all) => angleOf(index, all.length))
  .radius((radius) => radius)
  .curve(curveLinearClosed);

/**
 * A name in lines of at most `width` characters, at most MAX_LINES of them: at 320 px the sides leave room for about
 * a dozen. What does not fit is cut with an ellipsis; the full name is in the table (and the drawing's tooltip).
 */
export function wrapLabel(name: string, width: number): string[] {
  const fit = (text: string) => (text.length > width ? `${text.slice(0, width - 1).trimEnd()}…` : text);
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  // Past the last line, the rest joins it, and is cut.
  const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES - 1), lines.slice(MAX_LINES - 1).join(' ')] : lines;
  return shown.map(fit);
}

/** Where an area's name goes: past the end of its axis, anchored away from the drawing, wrapped to the room left. */
function axisLabel(index: number, count: number, name: string, { width, radius }: Geometry) {
  const angle = angleOf(index, count);
  const [x, y] = pointRadial(angle, radius + LABEL_GAP);
  const sin = Math.sin(angle);
  const vertical = Math.abs(sin) < 0.2;
  const room = vertical ? 2 * (width / 2 - Math.abs(x)) - 8 : width / 2 - Math.abs(x) - 4;
  const lines = wrapLabel(name, Math.max(4, Math.floor(room / (FONT_SIZE * CHAR_WIDTH))));
  const anchor = vertical ? 'middle' : sin > 0 ? 'start' : 'end';
  // The first line's baseline: above the top, below the bottom, centred beside.
  const block = (lines.length - 1) * LINE_HEIGHT;
  const cos = Math.cos(angle);
  const top = cos > 0.2 ? y - block : cos < -0.2 ? y + FONT_SIZE * 0.8 : y - block / 2 + FONT_SIZE * 0.35;
  return { x, top, anchor, lines } as const;
}

/**
 * The radar of the profile's areas, in plain SVG. The drawing is hidden from assistive technology; the same values
 * are given as a table (and in the summary below), which is the chart's text alternative.
 */
export function ProfileChart({ areas }: { areas: ReportArea[] }) {
  const { t } = useTranslation('report');
  const format = useScoreFormat();
  const captionId = useId();
  return (
    <figure className="report-chart" aria-labelledby={captionId}>
      <Drawing areas={areas} geometry={WIDE} className="report-chart__drawing report-chart__drawing--wide" />
      <Drawing areas={areas} geometry={COMPACT} className="report-chart__drawing report-chart__drawing--compact" />
      <figcaption id={captionId} className="visually-hidden">
        {t('chartLabel')}
      </figcaption>
      <div className="visually-hidden">
        <table>
          <caption>{t('chartLabel')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('area')}</th>
              <th scope="col">{t('valueHeading')}</th>
            </tr>
          </thead>
          <tbody>
            {areas.map((area) => (
              <tr key={area.id}>
                <th scope="row">{area.name}</th>
                <td>{t('score', { value: format(area.value) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Drawing({ areas, geometry, className }: { areas: ReportArea[]; geometry: Geometry; className: string }) {
  const { width, height, radius } = geometry;
  const count = areas.length;
  return (
    <div className={className} aria-hidden="true">
      <svg viewBox={`${-width / 2} ${-height / 2} ${width} ${height}`} focusable="false">
        <g className="report-chart__grid">
          {LEVELS.slice(1).map((level) => (
            <path key={level} d={ring(areas.map(() => radiusOf(level, radius))) ?? undefined} />
          ))}
          {areas.map((area, index) => {
            const [x, y] = pointRadial(angleOf(index, count), radius);
            return <line key={area.id} x1={0} y1={0} x2={x} y2={y} />;
          })}
        </g>
        <g className="report-chart__levels">
          {LEVELS.map((level) => (
            <text key={level} x={4} y={-radiusOf(level, radius)} dy="0.35em">
              {level}
            </text>
          ))}
        </g>
        <path className="report-chart__value" d={ring(areas.map((area) => radiusOf(area.value, radius))) ?? undefined} />
        <g className="report-chart__axes" fontSize={FONT_SIZE}>
          {areas.map((area, index) => {
            const label = axisLabel(index, count, area.name, geometry);
            return (
              <g key={area.id}>
                <title>{area.name}</title>
                <text x={label.x} y={label.top} textAnchor={label.anchor}>
                  {label.lines.map((line, row) => (
                    <tspan key={row} x={label.x} dy={row === 0 ? 0 : LINE_HEIGHT}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
