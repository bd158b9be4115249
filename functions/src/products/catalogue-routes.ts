/**
 * The catalogue's own routes (products and services, their lists, search and lookups): the route
 * group of the products Lambda (products/handler.ts) loaded by the first of them called.
 */
import * as schemas from '@daftar/shared/schemas/index';
import * as products from '@daftar/shared/schemas/products';
import { defineRouteGroup, route } from '../http/api.js';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  presentProduct,
  presentProductOption,
  productCatalog,
  updateProduct,
} from './products.js';

const ORG = '/api/v1/organizations/{organization_id}';

const productList = schemas.listOf(products.productPublic);

/** The list query without what a route fixes itself (its path names it, or the route is about it). */
const listQuery = products.productListQuery;

const listRoute = route({
  access: { org: 'viewer' },
  summary:
    'Products and services in name order (filters: item_type, category_id, is_tracked_inventory, include_inactive, search in names, SKU and barcodes, supplier_name, min_price, max_price, has_image, has_barcode, stock_status, barcode)',
  query: products.productListQuery,
  response: productList,
  handler: async ({ organizationId, query }) => listProducts(organizationId!, query, presentProduct),
});

const optionsRoute = route({
  access: { org: 'viewer' },
  summary: 'Products and services in short form, for pickers (same filters as the list)',
  query: products.productListQuery,
  response: schemas.listOf(products.productOption),
  handler: async ({ organizationId, query }) => listProducts(organizationId!, query, presentProductOption),
});

const catalogRoute = route({
  access: { org: 'viewer' },
  summary: 'The active catalogue grouped by category, for the till (uncategorized items last)',
  response: products.productCatalogPublic,
  handler: async ({ organizationId }) => productCatalog(organizationId!),
});

const typeRoute = (itemType: products.ItemType) =>
  route({
    access: { org: 'viewer' },
    summary: `${itemType === 'product' ? 'Products' : 'Services'} only (the list's other filters apply)`,
    query: listQuery.omit({ item_type: true }),
    response: productList,
    handler: async ({ organizationId, query }) => listProducts(organizationId!, { ...query, item_type: itemType }, presentProduct),
  });

const inventoryRoute = route({
  access: { org: 'viewer' },
  summary: 'Products whose stock is tracked (filter stock_status for low or out of stock)',
  query: listQuery.omit({ item_type: true, is_tracked_inventory: true }),
  response: productList,
  handler: async ({ organizationId, query }) =>
    listProducts(organizationId!, { ...query, item_type: 'product', is_tracked_inventory: true }, presentProduct),
});

const searchRoute = route({
  access: { org: 'viewer' },
  summary: 'Search Arabic and English names, SKUs and barcodes (Arabic spelling variants and diacritics ignored; every word must match)',
  query: listQuery.omit({ search: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, search: params.search_term! }, presentProduct),
});

const byCategoryRoute = route({
  access: { org: 'viewer' },
  summary: "One category's products or services in name order",
  query: listQuery.omit({ category_id: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, category_id: params.category_id! }, presentProduct),
});

const bySupplierRoute = route({
  access: { org: 'viewer' },
  summary: "One supplier's items (the supplier name as entered, ignoring case and Arabic spelling variants)",
  query: listQuery.omit({ supplier_name: true }),
  response: productList,
  handler: async ({ organizationId, params, query }) => listProducts(organizationId!, { ...query, supplier_name: params.supplier_name! }, presentProduct),
});

const createRoute = route({
  access: { org: 'member' },
  summary: 'Add a product or service (SKU and barcodes unique in the organization: 409 naming the other item; a wrong EAN/UPC check digit: 422)',
  body: products.productCreate,
  response: products.productPublic,
  status: 201,
  autoAudit: false,
  handler: async (ctx) => presentProduct(await createProduct(ctx.organizationId!, ctx.body, ctx.actor())),
});

const getRoute = route({
  access: { org: 'viewer' },
  summary: 'One product or service, with its image URL (15 minutes) and stock status',
  response: products.productPublic,
  handler: async ({ organizationId, params }) => presentProduct(await getProduct(organizationId!, params.product_service_id!)),
});

const updateRoute = route({
  access: { org: 'member' },
  summary: 'Change a product or service (absent fields keep their value, null clears; barcodes and reorder_points replace the lists; version, when given, must match)',
  body: products.productUpdate,
  response: products.productPublic,
  autoAudit: false,
  handler: async (ctx) => {
    const { after } = await updateProduct(ctx.organizationId!, ctx.params.product_service_id!, ctx.body, ctx.actor());
    return presentProduct(after);
  },
});

const deleteRoute = route({
  access: { org: 'member' },
  summary: 'Delete a product or service with its SKU and barcodes (409 while stock is on hand); documents keep their own copy of their lines',
  response: schemas.message,
  autoAudit: false,
  handler: async (ctx) => {
    await deleteProduct(ctx.organizationId!, ctx.params.product_service_id!, ctx.actor());
    return { message: 'Product deleted successfully' };
  },
});


export const routes = defineRouteGroup('products', {
  [`GET ${ORG}/products-services`]: listRoute,
  [`POST ${ORG}/products-services`]: createRoute,
  [`GET ${ORG}/products-services/catalog`]: catalogRoute,
  [`GET ${ORG}/products-services/list`]: optionsRoute,
  [`GET ${ORG}/products-services/products`]: typeRoute('product'),
  [`GET ${ORG}/products-services/services`]: typeRoute('service'),
  [`GET ${ORG}/products-services/inventory`]: inventoryRoute,
  [`GET ${ORG}/products-services/search/{search_term}`]: searchRoute,
  [`GET ${ORG}/products-services/by-category/{category_id}`]: byCategoryRoute,
  [`GET ${ORG}/products-services/by-supplier/{supplier_name}`]: bySupplierRoute,
  [`GET ${ORG}/products-services/{product_service_id}`]: getRoute,
  [`PUT ${ORG}/products-services/{product_service_id}`]: updateRoute,
  [`DELETE ${ORG}/products-services/{product_service_id}`]: deleteRoute,
});
