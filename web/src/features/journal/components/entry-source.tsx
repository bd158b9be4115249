import { Link as RadixLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The screens that show a posting document, by the journal's source type. */
const DOCUMENT_PATHS: Partial<Record<string, (id: string) => string>> = {
  invoice: (id) => `/sales/invoices/${id}`,
  credit_note: (id) => `/sales/returns/${id}`,
  bill: (id) => `/purchases/bills/${id}`,
  payment: (id) => `/payments/${id}`,
};

export const sourcePath = (sourceType: string, sourceId: string) => DOCUMENT_PATHS[sourceType]?.(sourceId) ?? null;

/** What made the entry, linked to the document when the app has a screen for it. */
export function EntrySource({ sourceType, sourceId }: { sourceType: string; sourceId: string }) {
  const { t } = useTranslation();
  const label = t(`journal.sources.${sourceType}`, { defaultValue: sourceType });
  if (sourceType === 'manual') return <Text>{label}</Text>;
  const path = sourcePath(sourceType, sourceId);
  return path ? (
    <RadixLink asChild>
      <Link to={path}>{t('journal.view.openSource', { source: label })}</Link>
    </RadixLink>
  ) : (
    <Text>{label}</Text>
  );
}
