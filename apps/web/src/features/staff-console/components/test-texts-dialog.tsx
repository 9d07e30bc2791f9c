import { LANGS, type LangCode } from '@prova/contract/limits';
import { type TestTextsWrite, testTextsWriteSchema } from '@prova/contract/staff-test-library';
import type { ManagedTest } from '@prova/contract/staff-tests';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useSaveTestTexts } from '../api/save-test-texts';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { TextAreaField, TextField } from './form-fields';
import { useCodeLabels } from './labels';

type Field = 'name' | 'description' | 'instructions';
type Texts = Record<Field, Record<LangCode, string>>;

const textsOf = (test: ManagedTest): Texts => {
  const pick = (stored: Record<string, string>) =>
    Object.fromEntries(LANGS.map((lang) => [lang, stored[lang] ?? ''])) as Record<LangCode, string>;
  return { name: pick(test.name), description: pick(test.description), instructions: pick(test.instructions) };
};

/** Only the languages written: an empty one is left out, so the room falls back as it does for imported tests. */
const written = (texts: Record<LangCode, string>) =>
  Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== '')) as Partial<Record<LangCode, string>>;

/** A test's name, description and instructions in every language, side by side by language. */
export function TestTextsDialog({ test, onClose }: { test: ManagedTest | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const [texts, setTexts] = useState<Texts | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string>();
  const save = useSaveTestTexts();

  useEffect(() => {
    setTexts(test ? textsOf(test) : null);
    setErrors({});
    setFailed(undefined);
  }, [test]);

  async function submit() {
    if (!test || !texts) return;
    const body: TestTextsWrite = {
      name: written(texts.name),
      description: { IT_it: '', ...written(texts.description) },
      instructions: { IT_it: '', ...written(texts.instructions) },
    };
    // The contract's own check first: the same words the server would answer.
    const checked = testTextsWriteSchema.safeParse(body);
    if (!checked.success) {
      setErrors({ name: checked.error.issues[0]?.message ?? '' });
      return;
    }
    try {
      await save.mutateAsync({ testId: test.id, texts: body });
      notify({ type: 'success', title: t('library.texts.saved') });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFailed(errorCode(error) === 'CONFLICT' ? t('library.texts.notYours') : t('common.saveFailed'));
    }
  }

  const set = (field: Field, lang: LangCode, value: string) =>
    setTexts((current) => (current ? { ...current, [field]: { ...current[field], [lang]: value } } : current));

  return (
    <Modal
      open={test !== null}
      title={t('library.texts.title', { abbreviation: test?.abbreviation ?? '' })}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} isLoading={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {texts &&
        LANGS.map((lang) => (
          <fieldset key={lang} className="console-fieldset">
            <legend>{labels.lang(lang)}</legend>
            <TextField
              label={t('library.texts.name')}
              value={texts.name[lang]}
              onChange={(event) => set('name', lang, event.target.value)}
              error={lang === 'IT_it' ? errors.name : undefined}
            />
            <TextAreaField
              label={t('library.texts.description')}
              value={texts.description[lang]}
              rows={3}
              onChange={(event) => set('description', lang, event.target.value)}
            />
            <TextAreaField
              label={t('library.texts.instructions')}
              value={texts.instructions[lang]}
              rows={3}
              onChange={(event) => set('instructions', lang, event.target.value)}
            />
          </fieldset>
        ))}
      {failed && (
        <p className="callout callout--error" role="alert">
          {failed}
        </p>
      )}
    </Modal>
  );
}
