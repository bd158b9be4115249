import { Badge, Button, Card, DataList, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useDeleteContact } from '../api/delete-contact';
import { useContact } from '../api/get-contact';
import type { Contact } from '../api/get-contacts';
import { ContactAccount } from '../components/contact-account';
import { ContactDialog } from '../components/contact-dialog';
import { localName as contactName } from '../../../lib/names';

const listOf = (contact: Contact) => (contact.contact_type === 'supplier' ? '/purchases/suppliers' : '/sales/customers');

function ContactFacts({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const dash = '—';
  const ltr = (value: string | null) => (value ? <Text dir="ltr">{value}</Text> : dash);
  const facts: { label: string; value: ReactNode }[] = [
    { label: t('contacts.fields.name'), value: contact.name },
    { label: t('contacts.fields.name_ar'), value: contact.name_ar ? <Text lang="ar">{contact.name_ar}</Text> : dash },
    { label: t('contacts.fields.contact_type'), value: t(`contacts.types.${contact.contact_type}`) },
    { label: t('contacts.fields.tax_number'), value: ltr(contact.tax_number) },
    { label: t('contacts.fields.national_id'), value: ltr(contact.national_id) },
    { label: t('contacts.fields.personal_number'), value: ltr(contact.personal_number) },
    {
      label: t('contacts.view.onEInvoices'),
      value: contact.buyer_identification ? (
        <Text>
          {t(`contacts.schemes.${contact.buyer_identification.scheme}`)}: <Text dir="ltr">{contact.buyer_identification.id}</Text>
        </Text>
      ) : (
        <Text color="gray">{t('contacts.view.noIdentification')}</Text>
      ),
    },
    { label: t('contacts.fields.email'), value: ltr(contact.email) },
    { label: t('contacts.fields.phone'), value: ltr(contact.phone) },
    { label: t('contacts.fields.governorate'), value: contact.governorate ? t(`governorates.${contact.governorate}`) : dash },
    { label: t('contacts.fields.city'), value: contact.city ?? dash },
    { label: t('contacts.fields.address'), value: contact.address ?? dash },
    { label: t('contacts.fields.postal_code'), value: ltr(contact.postal_code) },
    { label: t('contacts.fields.payment_terms_days'), value: contact.payment_terms_days == null ? dash : t('contacts.view.days', { days: contact.payment_terms_days }) },
    { label: t('contacts.fields.credit_limit'), value: contact.credit_limit ? formatMoney(contact.credit_limit, contact.currency) : t('contacts.view.noLimit') },
    { label: t('contacts.fields.currency'), value: contact.currency },
    ...(contact.notes ? [{ label: t('contacts.fields.notes'), value: <Text style={{ whiteSpace: 'pre-wrap' }}>{contact.notes}</Text> }] : []),
  ];
  return (
    <Card size="3">
      <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
        {facts.map((fact) => (
          <DataList.Item key={fact.label}>
            <DataList.Label minWidth="180px">{fact.label}</DataList.Label>
            <DataList.Value>{fact.value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Card>
  );
}

/**
 * One customer or supplier: their account (balance, invoices or bills, statement), then identifiers,
 * address and terms; edit (members) and delete (admins).
 */
export function ContactRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const { contactId = '' } = useParams();
  const { organizationId, organization } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const contact = useContact(organizationId ?? '', contactId);
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);

  if (!organizationId || contact.isPending) return <Loading />;
  if (contact.isError) return <QueryError error={contact.error} onRetry={() => void contact.refetch()} />;
  const c = contact.data;
  const name = contactName(c, language);
  const back = listOf(c);
  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to={back}>{back === '/purchases/suppliers' ? t('contacts.view.backToSuppliers') : t('contacts.view.backToCustomers')}</Link>
      </RadixLink>
      <PageHeader
        title={name}
        description={
          <Flex gap="2" asChild>
            <span>
              <Badge color="blue">{t(`contacts.types.${c.contact_type}`)}</Badge>
              {!c.is_active ? <Badge color="gray">{t('contacts.inactive')}</Badge> : null}
            </span>
          </Flex>
        }
        actions={
          <>
            {role.isMember ? (
              <Button variant="soft" onClick={() => setEditing(true)}>
                {t('contacts.view.edit')}
              </Button>
            ) : null}
            {role.isAdmin ? (
              <ConfirmDialog
                trigger={
                  <Button variant="soft" color="red">
                    {t('common.delete')}
                  </Button>
                }
                title={t('contacts.view.deleteTitle', { name })}
                description={t('contacts.view.deleteDescription')}
                confirmLabel={t('common.delete')}
                pending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(
                    { organizationId, contactId: c.id },
                    {
                      onSuccess: ({ message }) => {
                        // A contact that documents use is deactivated instead: the API's message says so.
                        if (/deactivated/.test(message)) return notify.warning(message);
                        notify.success(t('contacts.view.deleted', { name }));
                        navigate(back, { replace: true });
                      },
                    },
                  )
                }
              />
            ) : null}
          </>
        }
      />
      <ContactAccount key={c.id} organizationId={organizationId} contact={c} />
      <Heading as="h2" size="4" mt="2">
        {t('contactAccount.details')}
      </Heading>
      <ContactFacts contact={c} />
      {editing ? <ContactDialog organizationId={organizationId} baseCurrency={organization?.base_currency ?? 'JOD'} contact={c} onClose={() => setEditing(false)} /> : null}
    </Flex>
  );
}
