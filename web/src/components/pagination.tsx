import { Button, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

interface PaginationProps {
  skip: number;
  limit: number;
  count: number;
  onChange: (skip: number) => void;
}

/** skip/limit paging over a `{data, count}` list. */
export function Pagination({ skip, limit, count, onChange }: PaginationProps) {
  const { t } = useTranslation();
  if (count <= limit && skip === 0) return null;
  const from = count === 0 ? 0 : skip + 1;
  const to = Math.min(skip + limit, count);
  return (
    <Flex justify="between" align="center" mt="3" gap="3">
      <Text size="2" color="gray">
        {t('pagination.range', { from: formatNumber(from), to: formatNumber(to), count: formatNumber(count) })}
      </Text>
      <Flex gap="2">
        <Button variant="soft" disabled={skip === 0} onClick={() => onChange(Math.max(0, skip - limit))}>
          {t('pagination.previous')}
        </Button>
        <Button variant="soft" disabled={skip + limit >= count} onClick={() => onChange(skip + limit)}>
          {t('pagination.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
