import { Badge, Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { currentLanguage } from '../../../lib/i18n';
import type { Contact } from '../api/get-contacts';
import { localName as contactName, otherName as otherContactName } from '../../../lib/names';

export function ContactsTable({ caption, contacts }: { caption: string; contacts: readonly Contact[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('contacts.fields.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('contacts.fields.contact_type')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('contacts.columns.identification')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('contacts.fields.phone')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('contacts.fields.email')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('contacts.fields.governorate')}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {contacts.map((contact) => {
            const other = otherContactName(contact, language);
            return (
              <Table.Row key={contact.id}>
                <Table.RowHeaderCell>
                  <Flex direction="column">
                    <Flex gap="2" align="center">
                      <RadixLink asChild weight="medium">
                        <Link to={`/contacts/${contact.id}`}>{contactName(contact, language)}</Link>
                      </RadixLink>
                      {!contact.is_active ? <Badge color="gray">{t('contacts.inactive')}</Badge> : null}
                    </Flex>
                    {other ? (
                      <Text size="1" color="gray" lang={other.lang}>
                        {other.text}
                      </Text>
                    ) : null}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>{t(`contacts.types.${contact.contact_type}`)}</Table.Cell>
                <Table.Cell>
                  {contact.buyer_identification ? (
                    <Text dir="ltr">{`${t(`contacts.schemeShort.${contact.buyer_identification.scheme}`)} ${contact.buyer_identification.id}`}</Text>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Text dir="ltr">{contact.phone ?? '—'}</Text>
                </Table.Cell>
                <Table.Cell>{contact.email ?? '—'}</Table.Cell>
                <Table.Cell>{contact.governorate ? t(`governorates.${contact.governorate}`) : '—'}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
