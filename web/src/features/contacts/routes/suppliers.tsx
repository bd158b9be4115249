import { ContactsPage } from '../components/contacts-page';

export function SuppliersRoute() {
  return <ContactsPage role="suppliers" />;
}
