import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { Outbox, OutboxSnapshot } from '../offline/outbox';

/** Unsynced and refused sales, in the cashier's sight; refused ones say why and can be retried or dropped. */
export function SyncBanner({ snapshot, outbox, online }: { snapshot: OutboxSnapshot; outbox: Outbox; online: boolean }) {
  const { t } = useTranslation();
  const refused = snapshot.items.filter((i) => i.status === 'refused');
  const offline = !online || snapshot.offline;
  if (!snapshot.pending && !refused.length && !offline) return null;
  return (
    <div className="pos-banners">
      {offline || snapshot.pending ? (
        <Callout.Root color={offline ? 'red' : 'amber'} size="1" role="status">
          <Callout.Text>
            {offline ? `${t('pos.sync.offline')} ` : null}
            {snapshot.pending ? t('pos.sync.waiting', { count: snapshot.pending }) : null}
          </Callout.Text>
          {snapshot.pending && online ? (
            <Button size="1" variant="soft" onClick={() => void outbox.sync({ force: true })}>
              {t('pos.sync.syncNow')}
            </Button>
          ) : null}
        </Callout.Root>
      ) : null}
      {refused.length ? (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Text>{t('pos.sync.refused', { count: refused.length })}</Callout.Text>
          {refused.map((item) => (
            <Flex key={item.id} gap="2" align="center" wrap="wrap">
              <Text size="1">
                {t('pos.sync.refusedItem', { sequence: item.sequence, time: formatDateTime(item.created_at), detail: item.refusal?.detail ?? '' })}
              </Text>
              <Button size="1" variant="soft" onClick={() => void outbox.retry(item.id)}>
                {t('pos.sync.retry')}
              </Button>
              <Button size="1" variant="soft" color="red" onClick={() => void outbox.discard(item.id)}>
                {t('pos.sync.discard')}
              </Button>
            </Flex>
          ))}
        </Callout.Root>
      ) : null}
    </div>
  );
}
