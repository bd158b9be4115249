import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useContacts, type ContactRole } from '../api/get-contacts';
import { ContactDialog } from './contact-dialog';
import { ContactsTable } from './contacts-table';

export const PAGE_SIZE = 25;

/** The value, once it has stopped changing for `delay` ms: one search per pause, not per key. */
function useSettled<T>(value: T, delay = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Customers or suppliers (contacts of type both appear in both), searched and paged by the API. */
export function ContactsPage({ role: contactRole }: { role: ContactRole }) {
  const { t } = useTranslation();
  const switchId = useId();
  const navigate = useNavigate();
  const { organizationId, organization } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const settledSearch = useSettled(search.trim());
  const includeInactive = params.get('inactive') === '1';
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  const [adding, setAdding] = useState(false);
  const contacts = useContacts(organizationId ?? '', contactRole, { search: settledSearch || undefined, includeInactive, skip, limit: PAGE_SIZE }, !!organizationId);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  if (!organizationId) return <Loading />;
  const texts = contactRole === 'customers' ? 'customers' : 'suppliers';
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t(`contacts.${texts}.title`)}
        description={t(`contacts.${texts}.intro`)}
        actions={role.isMember ? <Button onClick={() => setAdding(true)}>{t(`contacts.${texts}.new`)}</Button> : null}
      />
      <Flex gap="4" align="center" wrap="wrap">
        <TextField.Root
          type="search"
          aria-label={t(`contacts.${texts}.search`)}
          placeholder={t('contacts.searchPlaceholder')}
          value={search}
          onChange={(e) => update({ q: e.target.value, skip: null })}
          style={{ minWidth: 300 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Flex gap="2" align="center">
          <Switch id={switchId} checked={includeInactive} onCheckedChange={(checked) => update({ inactive: checked ? '1' : null, skip: null })} />
          <Text as="label" htmlFor={switchId} size="2">
            {t('contacts.showInactive')}
          </Text>
        </Flex>
      </Flex>
      {contacts.isPending ? <Loading /> : null}
      {contacts.isError ? <QueryError error={contacts.error} onRetry={() => void contacts.refetch()} /> : null}
      {contacts.data ? (
        <>
          {contacts.data.data.length === 0 ? (
            <EmptyState>{settledSearch ? t('contacts.noMatches') : t(`contacts.${texts}.empty`)}</EmptyState>
          ) : (
            <ContactsTable caption={t(`contacts.${texts}.title`)} contacts={contacts.data.data} />
          )}
          <Pagination skip={skip} limit={PAGE_SIZE} count={contacts.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} />
        </>
      ) : null}
      {adding ? (
        <ContactDialog
          organizationId={organizationId}
          baseCurrency={organization?.base_currency ?? 'JOD'}
          contactType={contactRole === 'customers' ? 'customer' : 'supplier'}
          onClose={() => setAdding(false)}
          onSaved={(contact) => navigate(`/contacts/${contact.id}`)}
        />
      ) : null}
    </Flex>
  );
}
