import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark: one pager per list. */
  label: string;
}

/** Previous and next over a long list, with where the person is. */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const { t } = useTranslation('console');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="console-pager" aria-label={label}>
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('pager.previous')}
      </Button>
      <span className="console-pager__where">{t('pager.where', { page, pages })}</span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
