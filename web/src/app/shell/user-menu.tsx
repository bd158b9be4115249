import { Avatar, Button, DropdownMenu, Text, VisuallyHidden } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { confirmSignOutWithPendingSales } from '../../features/pos/offline/sign-out-guard';
import { useIsSuperuser, useUser } from '../../lib/auth';
import { STORAGE_KEYS, storage } from '../../lib/storage';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

export function UserMenu() {
  const { t } = useTranslation();
  const user = useUser();
  const isSuperuser = useIsSuperuser();
  const name = user.data?.full_name || storage.get(STORAGE_KEYS.fullName) || user.data?.email || '';
  return (
    <DropdownMenu.Root>
      {/* Named by what it shows first (WCAG 2.5.3, label in name): "Lina Khoury User menu". */}
      <DropdownMenu.Trigger>
        <Button variant="ghost" color="gray" className="user-menu-trigger">
          <Avatar size="1" radius="full" fallback={initials(name) || '?'} aria-hidden />
          <Text size="2" className="user-menu-name">
            {name}
          </Text>
          <VisuallyHidden> {t('shell.userMenu')}</VisuallyHidden>
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {user.data ? (
          <DropdownMenu.Label>
            <Text size="1">{user.data.email}</Text>
          </DropdownMenu.Label>
        ) : null}
        <DropdownMenu.Item asChild>
          <Link to="/settings/organization">{t('nav.settings')}</Link>
        </DropdownMenu.Item>
        {isSuperuser ? (
          <DropdownMenu.Item asChild>
            <Link to="/admin">{t('nav.admin')}</Link>
          </DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator />
        <DropdownMenu.Item asChild color="red">
          <Link to="/logout" onClick={(event) => !confirmSignOutWithPendingSales() && event.preventDefault()}>
            {t('auth.logout')}
          </Link>
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
