import { Badge, Button, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';

export interface TopBarProps {
  terminalName: string | null;
  openedAt: string | null;
  cashier: string | null;
  online: boolean;
  pending: number;
  onChangeTerminal?: () => void;
}

/** The register's only chrome: where it is, who sells, whether it reaches the server. */
export function PosTopBar({ terminalName, openedAt, cashier, online, pending, onChangeTerminal }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="pos-top-bar">
      <Flex align="center" gap="3" wrap="wrap">
        <Button asChild variant="ghost" size="1">
          <Link to="/">{t('pos.backToApp')}</Link>
        </Button>
        <Text weight="bold" size="2">
          {terminalName ?? t('pos.title')}
        </Text>
        {onChangeTerminal ? (
          <Button variant="ghost" size="1" onClick={onChangeTerminal}>
            {t('pos.topBar.changeTerminal')}
          </Button>
        ) : null}
        {openedAt ? <Text size="1" color="gray">{t('pos.topBar.session', { time: formatDateTime(openedAt) })}</Text> : null}
        {cashier ? <Text size="1" color="gray">{t('pos.topBar.cashier', { name: cashier })}</Text> : null}
      </Flex>
      <Flex align="center" gap="2">
        <Button asChild variant="ghost" size="1">
          <Link to="/pos/sessions">{t('pos.topBar.sessions')}</Link>
        </Button>
        {pending > 0 ? (
          <Badge color="amber" data-testid="pos-pending-count">
            {t('pos.topBar.pending', { count: pending })}
          </Badge>
        ) : null}
        <Badge color={online ? 'green' : 'red'} role="status">
          {online ? t('pos.topBar.online') : t('pos.topBar.offline')}
        </Badge>
      </Flex>
    </header>
  );
}
