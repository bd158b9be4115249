import { LAYAWAY_ITEMS_MAX, type LayawayItemCreate } from '@daftar/shared/schemas/layaway';
import { major, minorOf, type ComputedTicket } from './ticket-model';

/**
 * The ticket's lines as a layaway's items. A line at the shelf price sends no price: the server
 * prices it from the catalogue as the till did (tax included or not, as the product says). A line
 * whose price differs (a price-embedded barcode, a weighed item) sends it, and a layaway's typed
 * price is before tax, so a tax-inclusive shelf price is taken back to its net, rounded to the fil
 * (the server then adds the tax again; at most a fil apart from the till's own line).
 * Discounts and promotions stay on the ticket: a layaway is priced without them.
 */
export function layawayItemsOf(ticket: ComputedTicket): LayawayItemCreate[] {
  return ticket.lines.map(({ line, tax }) => {
    const item: LayawayItemCreate = { product_id: line.item.id, quantity: line.quantity };
    if (line.unit_price === line.item.sale_price) return item;
    const fils = minorOf(line.unit_price, ticket.currency);
    const net = line.item.price_includes_tax ? Math.round((fils * 100) / (100 + Number(tax.rate))) : fils;
    return { ...item, unit_price: major(net, ticket.currency) };
  });
}

/** Why the ticket cannot start a layaway now, or null. */
export function layawayBlocked(ticket: ComputedTicket, hasCustomer: boolean, online: boolean): 'empty' | 'customer' | 'offline' | 'tooMany' | null {
  if (!ticket.lines.length) return 'empty';
  if (!hasCustomer) return 'customer';
  if (ticket.lines.length > LAYAWAY_ITEMS_MAX) return 'tooMany';
  if (!online) return 'offline';
  return null;
}
