import { REPORT_SCALE_MAX, type ReportArea } from '@prova/contract/reports';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, ResponsiveContainer } from 'recharts';
import { useScoreFormat } from './score';

/**
 * The radar of the profile's areas. The drawing is hidden from assistive technology; the same values
 * are given as a table (and in the summary below), which is the chart's text alternative.
 */
export function ProfileChart({ areas }: { areas: ReportArea[] }) {
  const { t } = useTranslation('report');
  const format = useScoreFormat();
  const captionId = useId();
  const data = areas.map((area) => ({ name: area.name, value: Number(area.value.toFixed(2)) }));
  return (
    <figure className="report-chart" aria-labelledby={captionId}>
      <div className="report-chart__drawing" aria-hidden="true">
        <ResponsiveContainer width="100%" height={300}>
          <RadarChart data={data} outerRadius="58%" accessibilityLayer={false}>
            <PolarGrid />
            <PolarAngleAxis dataKey="name" tick={{ fill: 'var(--color-text)', fontSize: 12 }} />
            <PolarRadiusAxis domain={[0, REPORT_SCALE_MAX]} tickCount={REPORT_SCALE_MAX + 1} angle={90} tick={{ fontSize: 11 }} />
            <Radar dataKey="value" stroke="var(--color-primary)" fill="var(--color-primary)" fillOpacity={0.3} isAnimationActive={false} />
          </RadarChart>
        </ResponsiveContainer>
      </div>
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
