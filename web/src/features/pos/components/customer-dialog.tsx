import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useCustomerSearch, useQuickCreateCustomer, type PosCustomer } from '../api/customers';

interface CustomerDialogProps {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (customer: PosCustomer) => void;
}

/** Finds a customer at the counter, or makes one from a name or a phone number. */
export function CustomerDialog({ organizationId, open, onOpenChange, onChoose }: CustomerDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [draft, setDraft] = useState({ name: '', phone: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const search = useCustomerSearch(organizationId, query.trim());
  const create = useQuickCreateCustomer();

  const choose = (customer: PosCustomer) => {
    onChoose(customer);
    onOpenChange(false);
    setQuery('');
  };

  const submitNew = () => {
    const name = draft.name.trim();
    const phone = draft.phone.trim();
    if (!name && !phone) return setProblem(t('pos.customer.nameOrPhone'));
    setProblem(null);
    create.mutate(
      { organizationId, customer: { name: name || null, phone: phone || null, email: draft.email.trim() || null } },
      {
        onSuccess: (customer) => {
          setDraft({ name: '', phone: '', email: '' });
          choose(customer);
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const results = search.data ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{t('pos.customer.title')}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {t('pos.customer.search')}
        </Dialog.Description>
        <Flex direction="column" gap="2" mt="3">
          <TextField.Root autoFocus type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-label={t('pos.customer.search')} />
          {search.isError ? <Text size="1" color="red">{errorMessage(search.error)}</Text> : null}
          {query.trim() && search.isSuccess && !results.length ? <Text size="1" color="gray">{t('pos.customer.none')}</Text> : null}
          <Flex direction="column" gap="1" role="list">
            {results.map((c) => (
              <Button key={c.id} role="listitem" variant="soft" color="gray" onClick={() => choose(c)} aria-label={t('pos.customer.choose', { name: c.name })}>
                <Flex justify="between" width="100%">
                  <span>{c.name}</span>
                  <span dir="ltr">{c.phone ?? c.email ?? ''}</span>
                </Flex>
              </Button>
            ))}
          </Flex>
        </Flex>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitNew();
          }}
        >
          <Flex direction="column" gap="2" mt="4">
            <Text weight="bold" size="2">
              {t('pos.customer.new')}
            </Text>
            <TextField.Root value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder={t('pos.customer.name')} aria-label={t('pos.customer.name')} />
            <TextField.Root dir="ltr" inputMode="tel" value={draft.phone} onChange={(e) => setDraft({ ...draft, phone: e.target.value })} placeholder={t('pos.customer.phone')} aria-label={t('pos.customer.phone')} />
            <TextField.Root dir="ltr" type="email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} placeholder={t('pos.customer.email')} aria-label={t('pos.customer.email')} />
            {problem ? <Text size="1" color="red" role="alert">{problem}</Text> : null}
            <Flex gap="2" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('pos.customer.close')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending}>
                {t('pos.customer.create')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
