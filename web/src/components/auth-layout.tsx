import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand';
import { LanguageSwitch } from './language-switch';

export function AuthLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <main className="auth-page">
      <Flex direction="column" gap="4" className="auth-card">
        <Flex justify="between" align="center">
          <Flex align="center" gap="2">
            <BrandMark size={32} />
            <Text size="5" weight="bold">
              {t('app.name')}
            </Text>
          </Flex>
          <LanguageSwitch />
        </Flex>
        <Card size="4">
          <Flex direction="column" gap="4">
            <Box>
              <Heading as="h1" size="6" mb="1">
                {title}
              </Heading>
              {description ? (
                <Text as="p" size="2" color="gray">
                  {description}
                </Text>
              ) : null}
            </Box>
            {children}
          </Flex>
        </Card>
        <Text size="1" color="gray" align="center">
          {t('app.tagline')}
        </Text>
      </Flex>
    </main>
  );
}
