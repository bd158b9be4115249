import { Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useNamesById } from '../../../lib/names';
import { contactNamesQueryOptions } from '../../invoices/api/get-customers';
import type { GiftCard } from '../api/keys';

/**
 * The card's customer in the reader's language. The card keeps the name it was given (`name`);
 * the contacts' short list has the Arabic one too, so an Arabic reader sees it when there is one.
 */
export function useCustomerNames(organizationId: string | null) {
  const contacts = useQuery({ ...contactNamesQueryOptions(organizationId ?? ''), enabled: !!organizationId });
  const names = useNamesById(contacts.data?.data);
  return (card: Pick<GiftCard, 'customer_id' | 'customer_name'>) => (card.customer_id ? (names.get(card.customer_id) ?? card.customer_name) : null);
}

export function CustomerName({ name }: { name: string }) {
  return <Text dir="auto">{name}</Text>;
}
