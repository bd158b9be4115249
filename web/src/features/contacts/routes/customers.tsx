import { ContactsPage } from '../components/contacts-page';

export function CustomersRoute() {
  return <ContactsPage role="customers" />;
}
