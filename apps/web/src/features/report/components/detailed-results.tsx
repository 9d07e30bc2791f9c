import {
  devSuggestionParts,
  highlightedSkills,
  type PersonalReport,
  type ReportMarker,
  type ReportSkill,
  suggestedMarkers,
} from '@prova/contract/reports';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Score } from './score';

/** 'Risultati in dettaglio': every area with its skills; a skill opens onto its markers, a marker onto its evaluation. */
export function DetailedResults({ report }: { report: PersonalReport }) {
  const { t } = useTranslation('report');
  const headingId = useId();
  const { best, worst } = highlightedSkills(report);
  return (
    <section className="report-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('details')}</h2>
      {report.areas.map((area) => (
        <section key={area.id} className="report-area" aria-label={area.name}>
          <h3 className="report-area__name">{area.name}</h3>
          <Score value={area.value} />
          <ul className="report-skills">
            {report.skills
              .filter((skill) => skill.areaId === area.id)
              .map((skill) => (
                <SkillItem key={skill.id} skill={skill} report={report} isBest={best.includes(skill)} isWorst={worst.includes(skill)} />
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function SkillItem({ skill, report, isBest, isWorst }: { skill: ReportSkill; report: PersonalReport; isBest: boolean; isWorst: boolean }) {
  const { t } = useTranslation('report');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const markers = report.markers.filter((marker) => marker.skillId === skill.id);
  const suggestions = isWorst
    ? suggestedMarkers(skill.id, report.markers).flatMap((marker) => devSuggestionParts(marker.devSuggestion))
    : [];
  return (
    <li className="report-skill">
      <div className="report-skill__head">
        <h4 className="report-skill__name">
          {isBest && (
            <span className="report-skill__star" role="img" aria-label={t('best')} title={t('best')}>
              ★
            </span>
          )}
          {skill.name}
        </h4>
        <Score value={skill.value} />
      </div>
      {isWorst && (
        <div className="report-attention" role="note" aria-label={t('attention')}>
          <p className="report-attention__title">
            <span aria-hidden="true">⚠ </span>
            {t('attention')}
          </p>
          {suggestions.length > 0 && (
            <>
              <p className="report-attention__lead">{t('suggestions')}</p>
              <ul>
                {suggestions.map((part) => (
                  <li key={part}>{part}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {markers.length > 0 && (
        <>
          <button type="button" className="report-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <ChevronDownIcon />
            <span>{t('markers')}</span>
            <span className="visually-hidden"> · {skill.name}</span>
          </button>
          <ul id={panelId} className="report-markers" hidden={!open}>
            {markers.map((marker) => (
              <MarkerItem key={marker.id} marker={marker} report={report} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

function MarkerItem({ marker, report }: { marker: ReportMarker; report: PersonalReport }) {
  const { t } = useTranslation('report');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const taskIds = new Set(report.tasks.filter((task) => task.markerId === marker.id).map((task) => task.id));
  const related = [...new Set(report.tests.filter((test) => taskIds.has(test.taskId)).map((test) => test.name))];
  return (
    <li className="report-marker">
      <button
        type="button"
        className="report-toggle report-toggle--marker"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDownIcon />
        <span>{marker.name}</span>
      </button>
      <Score value={marker.value} />
      <div id={panelId} className="report-marker__details" hidden={!open}>
        {marker.feedback && <p>{marker.feedback}</p>}
        {related.length > 0 && (
          <p>
            <strong>{t('relatedTests')}:</strong> {related.join(', ')}
          </p>
        )}
      </div>
    </li>
  );
}
