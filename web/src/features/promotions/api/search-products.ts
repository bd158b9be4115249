import { useQuery } from '@tanstack/react-query';
import { productsQueryOptions, type Product } from '../../products/api/get-products';

export type CatalogueItem = Product;

/** The first products and services matching what was typed (names in both languages, SKU, barcode): the catalogue's own list read. */
export const useProductSearch = (organizationId: string, search: string, enabled = true) =>
  useQuery({ ...productsQueryOptions(organizationId, { skip: 0, limit: 10, search }), enabled: enabled && !!organizationId && search.length > 0 });
