import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { CATEGORY_TYPES } from '@daftar/shared/schemas/categories';
import { entityConfig } from './client.js';

/** `parent_key` of a root category (ids are UUIDs, so no category is called this). */
export const ROOT_PARENT = 'ROOT';

/**
 * An accounting category (products, services, income, expense) in the organization's category
 * tree. A child has its parent's type; the tree is at most five levels deep.
 *
 * Access patterns:
 * - one category by (organization, id): pk `ORG#<org>`, sk `CATEGORY#<id>` (consistent Gets walk
 *   a category's ancestors; a consistent Query on the sk prefix reads the whole tree when a move
 *   needs the descendants);
 * - a category's children, or the roots, in display order: gsi1
 *   `CATEGORIES#<org>#PARENT#<parent_key>` (`parent_key` is the parent's id or ROOT), sk
 *   `CAT#<list_key>#<id>`;
 * - all categories, or those of one type, in display order: gsi2 `CATEGORIES#<org>`, sk
 *   `TYPE#<category_type>#<list_key>#<id>` (begins_with `TYPE#<type>#` for one type).
 * `list_key` is the zero-padded sort_order then the normalized name, so both indexes list by
 * sort order and then name. `name_key` and `name_ar_key` (normalized names) carry the search.
 *
 * `children_count` counts the direct children: every transaction that adds a child, moves one
 * away or deletes one changes it with `ADD`, conditioned on the parent's version, and deleting a
 * category is conditioned on a zero count — so a category with children is never deleted and a
 * child never hangs under a deleted parent. `version` guards edits (the count does not bump it).
 */
export const Category = new Entity(
  {
    model: { entity: 'category', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      id: { type: 'string', required: true, readOnly: true },
      name: { type: 'string', required: true },
      name_key: { type: 'string', required: true },
      name_ar: { type: 'string' },
      name_ar_key: { type: 'string' },
      category_type: { type: CATEGORY_TYPES, required: true },
      parent_id: { type: 'string' },
      parent_key: { type: 'string', required: true },
      description: { type: 'string' },
      account_id: { type: 'string' },
      color: { type: 'string' },
      sort_order: { type: 'number', required: true, default: 0 },
      list_key: { type: 'string', required: true },
      is_active: { type: 'boolean', required: true, default: true },
      children_count: { type: 'number', required: true, default: 0 },
      version: { type: 'number', required: true, default: 1 },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byOrganization: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: { field: 'sk', composite: ['id'], template: 'CATEGORY#${id}', casing: 'none' },
      },
      byParent: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['organization_id', 'parent_key'], template: 'CATEGORIES#${organization_id}#PARENT#${parent_key}', casing: 'none' },
        sk: { field: 'gsi1sk', composite: ['list_key', 'id'], template: 'CAT#${list_key}#${id}', casing: 'none' },
      },
      byType: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['organization_id'], template: 'CATEGORIES#${organization_id}', casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['category_type', 'list_key', 'id'], template: 'TYPE#${category_type}#${list_key}#${id}', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type CategoryRecord = EntityItem<typeof Category>;

/**
 * Uniqueness guard for names among siblings: (type, parent, normalized name) → category. Written
 * with the category on condition that it is absent, moved in the same transaction on a rename or a
 * move, deleted with the category. Roots of different types may share a name.
 * Access: pk `ORG#<org>`, sk `CATEGORYNAME#<category_type>#<parent_key>#<name_key>`.
 */
export const CategoryName = new Entity(
  {
    model: { entity: 'category_name', version: '1', service: 'daftar' },
    attributes: {
      organization_id: { type: 'string', required: true, readOnly: true },
      category_type: { type: CATEGORY_TYPES, required: true, readOnly: true },
      parent_key: { type: 'string', required: true, readOnly: true },
      name_key: { type: 'string', required: true, readOnly: true },
      category_id: { type: 'string', required: true },
    },
    indexes: {
      bySiblingName: {
        pk: { field: 'pk', composite: ['organization_id'], template: 'ORG#${organization_id}', casing: 'none' },
        sk: {
          field: 'sk',
          composite: ['category_type', 'parent_key', 'name_key'],
          template: 'CATEGORYNAME#${category_type}#${parent_key}#${name_key}',
          casing: 'none',
        },
      },
    },
  },
  entityConfig(),
);
