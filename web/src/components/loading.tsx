import { Flex, Spinner, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';

/**
 * Apart from the rest of feedback.tsx because the sign-in entry chunk shows it: feedback's other
 * parts import the icon set, and that one module would carry every icon of the app into the entry.
 */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="2" py="4" role="status" aria-live="polite">
      <Spinner />
      <Text size="2" color="gray">
        {label ?? t('common.loading')}
      </Text>
    </Flex>
  );
}
