import { Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's one h1, and the document title that goes with it. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Flex justify="between" align="start" gap="4" wrap="wrap" mb="5">
      <Flex direction="column" gap="1">
        <Heading as="h1" size="6">
          {title}
        </Heading>
        {description ? (
          <Text color="gray" size="2">
            {description}
          </Text>
        ) : null}
      </Flex>
      {actions ? <Flex gap="2">{actions}</Flex> : null}
    </Flex>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" size="4" mb="3">
      {children}
    </Heading>
  );
}
