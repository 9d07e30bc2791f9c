/**
 * dd.MM.yyyy HH:mm, the spec's date-time format, in the browser's time zone. Written out here rather
 * than through lib/dates (date-fns and its locales, about 9 KB gzipped): the console's only format
 * has no words to translate, and its chunks stay within the front-end budget.
 */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A date and time as people read it, with the machine-readable instant. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  const date = new Date(value);
  return (
    <time className={className} dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>
      {formatDateTime(value)}
    </time>
  );
}
