import { AUTHORED_ITEM_KINDS, AUTHORED_LIMITS, type AuthoredItemKind } from '@prova/contract/authored-test';
import type { LangCode } from '@prova/contract/limits';
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { emptyOption, newItem, newSection, nextItemId, type AuthoredFormValues, type FieldIssues } from '../utils/authored-form';
import { TextAreaField, TextField } from './form-fields';
import { useCodeLabels } from './labels';

// The sections, items and options of the form for a test written in the console (authored-test-form.tsx).
// Every control is labelled, every group a fieldset with its legend; an issue is shown at its field (tied with
// aria-describedby) and, for a group (the options, the items), under its legend.

export interface EditorContextValue {
  issues: FieldIssues;
  languages: LangCode[];
  /** After the structure changed: the issues' paths no longer name the same fields. */
  structureChanged: () => void;
  /** Moves the focus to the element `selector` finds, once the page shows it. */
  focusSoon: (selector: string) => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/** Which move button keeps the focus after a move: the one of the same way, unless the move reached that edge. */
function buttonAfterMove(from: number, to: number, count: number): 'up' | 'down' {
  if (to === 0) return 'down';
  if (to === count - 1) return 'up';
  return to < from ? 'up' : 'down';
}

export function useEditor(): EditorContextValue {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor needs <EditorContext>');
  return editor;
}

const byName = (name: string) => `[name="${name}"]`;
const byId = (id: string) => `[id="${id}"]`;

/** An issue about a group of fields, under its legend; the fieldset points at it. */
export function GroupError({ id, path }: { id: string; path: string }) {
  const message = useEditor().issues[path];
  if (!message) return null;
  return (
    <p id={id} className="console-field__error authored-group-error" tabIndex={-1} data-issue={path}>
      {message}
    </p>
  );
}

/** A fieldset whose issue (at `path`) is said under its legend and tied to it. */
export function Group({
  legend,
  path,
  className,
  children,
}: {
  legend: ReactNode;
  path?: string;
  className?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  const message = useEditor().issues[path ?? ''];
  return (
    <fieldset className={['authored-group', className].filter(Boolean).join(' ')} aria-describedby={path && message ? errorId : undefined}>
      <legend>{legend}</legend>
      {path && <GroupError id={errorId} path={path} />}
      {children}
    </fieldset>
  );
}

/** One text field per language of the test: `${name}.${lang}`. */
export function LocalizedFields({
  name,
  label,
  multiline = false,
}: {
  name: string;
  label: (lang: string) => string;
  multiline?: boolean;
}) {
  const { register } = useFormContext<AuthoredFormValues>();
  const { issues, languages } = useEditor();
  const labels = useCodeLabels();
  const Field = multiline ? TextAreaField : TextField;
  return (
    <>
      {languages.map((lang) => {
        const path = `${name}.${lang}`;
        return (
          <Field
            key={lang}
            label={label(labels.lang(lang))}
            lang={lang.slice(0, 2).toLowerCase()}
            maxLength={AUTHORED_LIMITS.text}
            error={issues[path]}
            data-issue={issues[path] ? path : undefined}
            {...register(path as `title.${LangCode}`)}
          />
        );
      })}
    </>
  );
}

/** A number input read as a number (empty: NaN, which the schema refuses in its own words). */
function NumberField({
  name,
  label,
  hint,
  step = 'any',
  min,
}: {
  name: string;
  label: string;
  hint?: string;
  step?: string;
  min?: number;
}) {
  const { register } = useFormContext<AuthoredFormValues>();
  const { issues } = useEditor();
  return (
    <TextField
      type="number"
      inputMode="decimal"
      step={step}
      min={min}
      label={label}
      hint={hint}
      error={issues[name]}
      data-issue={issues[name] ? name : undefined}
      className="authored-number"
      {...register(name as 'sections.0.items.0.points', { valueAsNumber: true })}
    />
  );
}

export function SectionsEditor() {
  const { t } = useTranslation('console');
  const { control, getValues } = useFormContext<AuthoredFormValues>();
  const { structureChanged, focusSoon, languages } = useEditor();
  const sections = useFieldArray({ control, name: 'sections' });
  const addId = useId();

  return (
    <Group legend={t('authored.section.all')} path="sections" className="authored-sections">
      <ol className="authored-list">
        {sections.fields.map((field, s) => (
          <li key={field.id}>
            <SectionEditor
              index={s}
              fieldId={field.id}
              count={sections.fields.length}
              onMove={(to) => {
                sections.move(s, to);
                structureChanged();
                focusSoon(byId(`${field.id}-${buttonAfterMove(s, to, sections.fields.length)}`));
              }}
              onRemove={() => {
                sections.remove(s);
                structureChanged();
                focusSoon(byId(addId));
              }}
            />
          </li>
        ))}
      </ol>
      <div className="console-actions">
        <Button
          id={addId}
          variant="secondary"
          disabled={sections.fields.length >= AUTHORED_LIMITS.sections}
          onClick={() => {
            const at = sections.fields.length;
            sections.append(newSection(getValues('sections')));
            structureChanged();
            focusSoon(byName(`sections.${at}.title.${languages[0]}`));
          }}
        >
          {t('authored.section.add')}
        </Button>
      </div>
    </Group>
  );
}

function SectionEditor({
  index: s,
  fieldId,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  fieldId: string;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console');
  const { control, getValues } = useFormContext<AuthoredFormValues>();
  const { structureChanged, focusSoon, languages } = useEditor();
  const items = useFieldArray({ control, name: `sections.${s}.items` });
  const [kind, setKind] = useState<AuthoredItemKind>('single-choice');
  const n = s + 1;
  const kindId = `${fieldId}-kind`;

  return (
    <Group legend={t('authored.section.legend', { n })} className="authored-section">
      <LocalizedFields name={`sections.${s}.title`} label={(lang) => t('authored.section.title', { lang })} />
      <div className="console-row-actions">
        <Button id={`${fieldId}-up`} variant="ghost" disabled={s === 0} onClick={() => onMove(s - 1)}>
          {t('authored.section.up', { n })}
        </Button>
        <Button id={`${fieldId}-down`} variant="ghost" disabled={s === count - 1} onClick={() => onMove(s + 1)}>
          {t('authored.section.down', { n })}
        </Button>
        <Button variant="ghost" disabled={count === 1} onClick={onRemove}>
          {t('authored.section.remove', { n })}
        </Button>
      </div>
      <Group legend={t('authored.section.items', { n })} path={`sections.${s}.items`} className="authored-items">
        <ol className="authored-list">
          {items.fields.map((field, i) => (
            <li key={field.id}>
              <ItemEditor
                section={s}
                index={i}
                fieldId={field.id}
                kind={field.kind}
                count={items.fields.length}
                onMove={(to) => {
                  items.move(i, to);
                  structureChanged();
                  focusSoon(byId(`${field.id}-${buttonAfterMove(i, to, items.fields.length)}`));
                }}
                onRemove={() => {
                  items.remove(i);
                  structureChanged();
                  focusSoon(byId(kindId));
                }}
              />
            </li>
          ))}
        </ol>
        <div className="authored-add-item">
          <div className="field console-field">
            <label htmlFor={kindId}>{t('authored.section.kind', { n })}</label>
            <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as AuthoredItemKind)}>
              {AUTHORED_ITEM_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`authored.kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            disabled={items.fields.length >= AUTHORED_LIMITS.items}
            onClick={() => {
              const at = items.fields.length;
              items.append(newItem(kind, nextItemId(getValues('sections'))));
              structureChanged();
              focusSoon(byName(`sections.${s}.items.${at}.prompt.${languages[0]}`));
            }}
          >
            {t('authored.section.addItem', { n })}
          </Button>
        </div>
      </Group>
    </Group>
  );
}

function ItemEditor({
  section: s,
  index: i,
  fieldId,
  kind,
  count,
  onMove,
  onRemove,
}: {
  section: number;
  index: number;
  fieldId: string;
  kind: AuthoredItemKind;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('console');
  const { register } = useFormContext<AuthoredFormValues>();
  const { issues } = useEditor();
  const at = `sections.${s}.items.${i}` as const;
  const n = i + 1;
  const where = { n, section: s + 1 };
  const idOpen = Boolean(issues[`${at}.id`]);

  return (
    <Group legend={t('authored.item.legend', { n, kind: t(`authored.kinds.${kind}`) })} path={at} className="authored-item">
      <LocalizedFields name={`${at}.prompt`} multiline label={(lang) => t('authored.item.prompt', { lang })} />
      {(kind === 'single-choice' || kind === 'multiple-choice' || kind === 'likert') && <OptionsEditor at={at} kind={kind} />}
      {kind === 'true-false' && (
        <>
          <Group legend={t('authored.item.trueFalseAnswer')} path={`${at}.answer`}>
            <div className="choice-group authored-choices">
              <label className="choice">
                <input type="radio" value="true" {...register(`${at}.answer`)} /> {t('authored.item.true')}
              </label>
              <label className="choice">
                <input type="radio" value="false" {...register(`${at}.answer`)} /> {t('authored.item.false')}
              </label>
            </div>
          </Group>
          <NumberField name={`${at}.points`} label={t('authored.item.points')} />
        </>
      )}
      {kind === 'text-entry' && (
        <>
          <TextAreaField
            label={t('authored.item.answers')}
            hint={t('authored.item.answersHint')}
            rows={3}
            error={issues[`${at}.answers`]}
            data-issue={issues[`${at}.answers`] ? `${at}.answers` : undefined}
            {...register(`${at}.answers`)}
          />
          <label className="choice">
            <input type="checkbox" {...register(`${at}.caseSensitive`)} /> {t('authored.item.caseSensitive')}
          </label>
          <NumberField name={`${at}.points`} label={t('authored.item.points')} />
        </>
      )}
      {kind === 'numeric-entry' && (
        <>
          <TextField
            label={t('authored.item.numericAnswer')}
            inputMode="decimal"
            autoComplete="off"
            className="authored-number"
            error={issues[`${at}.answer`]}
            data-issue={issues[`${at}.answer`] ? `${at}.answer` : undefined}
            {...register(`${at}.answer`)}
          />
          <NumberField name={`${at}.tolerance`} label={t('authored.item.tolerance')} hint={t('authored.item.toleranceHint')} min={0} />
          <NumberField name={`${at}.points`} label={t('authored.item.points')} />
        </>
      )}
      {kind === 'extended-text' && <p className="console-note">{t('authored.item.extendedHint')}</p>}
      <details className="authored-ids" open={idOpen || undefined}>
        <summary>{t('authored.item.ids')}</summary>
        <p className="console-note">{t('authored.item.idsHint')}</p>
        <TextField
          label={t('authored.item.id')}
          autoComplete="off"
          spellCheck={false}
          error={issues[`${at}.id`]}
          data-issue={issues[`${at}.id`] ? `${at}.id` : undefined}
          {...register(`${at}.id`)}
        />
      </details>
      <div className="console-row-actions">
        <Button id={`${fieldId}-up`} variant="ghost" disabled={i === 0} onClick={() => onMove(i - 1)}>
          {t('authored.item.up', where)}
        </Button>
        <Button id={`${fieldId}-down`} variant="ghost" disabled={i === count - 1} onClick={() => onMove(i + 1)}>
          {t('authored.item.down', where)}
        </Button>
        <Button variant="ghost" disabled={count === 1} onClick={onRemove}>
          {t('authored.item.remove', where)}
        </Button>
      </div>
    </Group>
  );
}

function OptionsEditor({ at, kind }: { at: `sections.${number}.items.${number}`; kind: 'single-choice' | 'multiple-choice' | 'likert' }) {
  const { t } = useTranslation('console');
  const { control, register, getValues } = useFormContext<AuthoredFormValues>();
  const { issues, structureChanged, focusSoon, languages } = useEditor();
  const options = useFieldArray({ control, name: `${at}.options` });
  const addId = useId();

  return (
    <Group legend={t('authored.item.options')} path={`${at}.options`} className="authored-options">
      <p className="console-note">{kind === 'likert' ? t('authored.item.likertHint') : t('authored.item.optionsHint')}</p>
      {kind !== 'likert' && (
        <label className="choice">
          <input type="checkbox" {...register(`${at}.shuffle`)} /> {t('authored.item.shuffle')}
        </label>
      )}
      <ol className="authored-list">
        {options.fields.map((field, o) => {
          const path = `${at}.options.${o}`;
          return (
            <li key={field.id}>
              <Group legend={t('authored.item.option', { n: o + 1 })} className="authored-option">
                <LocalizedFields name={`${path}.text`} label={(lang) => t('authored.item.optionText', { lang })} />
                <NumberField name={`${path}.points`} label={t('authored.item.optionPoints')} />
                <details className="authored-ids" open={issues[`${path}.id`] ? true : undefined}>
                  <summary>{t('authored.item.ids')}</summary>
                  <TextField
                    label={t('authored.item.optionId')}
                    autoComplete="off"
                    spellCheck={false}
                    error={issues[`${path}.id`]}
                    data-issue={issues[`${path}.id`] ? `${path}.id` : undefined}
                    {...register(`${at}.options.${o}.id`)}
                  />
                </details>
                <Button
                  variant="ghost"
                  disabled={options.fields.length <= 2}
                  onClick={() => {
                    options.remove(o);
                    structureChanged();
                    focusSoon(byId(addId));
                  }}
                >
                  {t('authored.item.removeOption', { n: o + 1 })}
                </Button>
              </Group>
            </li>
          );
        })}
      </ol>
      <div className="console-actions">
        <Button
          id={addId}
          variant="secondary"
          disabled={options.fields.length >= AUTHORED_LIMITS.options}
          onClick={() => {
            const at2 = options.fields.length;
            options.append(emptyOption(getValues(`${at}.options`)));
            structureChanged();
            focusSoon(byName(`${at}.options.${at2}.text.${languages[0]}`));
          }}
        >
          {t('authored.item.addOption')}
        </Button>
      </div>
    </Group>
  );
}
