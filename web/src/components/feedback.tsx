import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/notify';

export { Loading } from './loading';

/** A failed read, shown where its data would have been, with a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{errorMessage(error)}</Callout.Text>
      {onRetry ? (
        <Flex>
          <Button size="1" variant="soft" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Flex>
      ) : null}
    </Callout.Root>
  );
}

export function Notice({ children, color = 'blue' }: { children: ReactNode; color?: 'blue' | 'amber' | 'gray' | 'green' }) {
  return (
    <Callout.Root color={color} role="note">
      <Callout.Icon>
        <InfoCircledIcon />
      </Callout.Icon>
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Flex justify="center" py="6">
      <Text color="gray" size="2">
        {children}
      </Text>
    </Flex>
  );
}
