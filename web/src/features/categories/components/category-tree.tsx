import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, IconButton, Text } from '@radix-ui/themes';
import { CATEGORY_MAX_DEPTH } from '@daftar/shared/schemas/categories';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading, QueryError } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useChildCategories } from '../api/get-child-categories';
import type { Category } from '../api/get-root-categories';
import { localName, otherName } from './names';

export interface CategoryTreeActions {
  canEdit: boolean;
  canDelete: boolean;
  includeInactive: boolean;
  onAddChild: (parent: Category) => void;
  onEdit: (category: Category) => void;
  onToggleActive: (category: Category) => void;
  onDelete: (category: Category) => void;
  /** The category an action is running on. */
  busyId: string | null;
}

const listStyle = { listStyle: 'none', margin: 0, paddingInlineStart: 0 } as const;

function Swatch({ color }: { color: string | null }) {
  if (!color) return null;
  return <Box aria-hidden style={{ width: 12, height: 12, borderRadius: 3, background: color, flex: 'none' }} />;
}

function CategoryRow({ organizationId, category, level, actions }: { organizationId: string; category: Category; level: number; actions: CategoryTreeActions }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const hasChildren = category.children_count > 0;
  const children = useChildCategories(organizationId, category.id, actions.includeInactive, expanded && hasChildren);
  const name = localName(category, language);
  const second = otherName(category, language);
  const Collapsed = language === 'ar' ? ChevronLeftIcon : ChevronRightIcon;
  const busy = actions.busyId === category.id;

  return (
    <li>
      <Flex align="center" gap="2" py="2" wrap="wrap" style={{ borderBottom: '1px solid var(--gray-a4)' }}>
        {hasChildren ? (
          <IconButton
            size="1"
            variant="ghost"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-label={t(expanded ? 'categories.tree.collapse' : 'categories.tree.expand', { name })}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ChevronDownIcon /> : <Collapsed />}
          </IconButton>
        ) : (
          <Box aria-hidden style={{ width: 24, flex: 'none' }} />
        )}
        <Swatch color={category.color} />
        <Text weight="medium">{name}</Text>
        {second ? (
          <Text size="2" color="gray">
            {second}
          </Text>
        ) : null}
        {!category.is_active ? <Badge color="gray">{t('categories.inactive')}</Badge> : null}
        {hasChildren ? (
          <Text size="1" color="gray">
            {t('categories.tree.subCategories', { number: formatNumber(category.children_count) })}
          </Text>
        ) : null}
        <Flex gap="2" wrap="wrap" style={{ marginInlineStart: 'auto' }}>
          {actions.canEdit && category.is_active && level < CATEGORY_MAX_DEPTH ? (
            <Button size="1" variant="soft" aria-label={t('categories.actions.addChildTo', { name })} onClick={() => actions.onAddChild(category)}>
              {t('categories.actions.addChild')}
            </Button>
          ) : null}
          {actions.canEdit ? (
            <Button size="1" variant="soft" aria-label={t('categories.actions.editFor', { name })} onClick={() => actions.onEdit(category)}>
              {t('categories.actions.edit')}
            </Button>
          ) : null}
          {actions.canEdit ? (
            <Button
              size="1"
              variant="soft"
              color="gray"
              loading={busy}
              aria-label={t(category.is_active ? 'categories.actions.deactivateFor' : 'categories.actions.activateFor', { name })}
              onClick={() => actions.onToggleActive(category)}
            >
              {category.is_active ? t('categories.actions.deactivate') : t('categories.actions.activate')}
            </Button>
          ) : null}
          {actions.canDelete ? (
            <ConfirmDialog
              trigger={
                <Button size="1" variant="soft" color="red" aria-label={t('categories.actions.deleteFor', { name })}>
                  {t('common.delete')}
                </Button>
              }
              title={t('categories.actions.deleteFor', { name })}
              description={t('categories.actions.deleteDescription')}
              confirmLabel={t('common.delete')}
              pending={busy}
              onConfirm={() => actions.onDelete(category)}
            />
          ) : null}
        </Flex>
      </Flex>
      {expanded && hasChildren ? (
        <Box id={listId} style={{ paddingInlineStart: 24 }}>
          {children.isPending ? <Loading /> : null}
          {children.isError ? <QueryError error={children.error} onRetry={() => void children.refetch()} /> : null}
          {children.data ? (
            <ul style={listStyle} aria-label={t('categories.tree.childrenOf', { name })}>
              {children.data.data.map((child) => (
                <CategoryRow key={child.id} organizationId={organizationId} category={child} level={level + 1} actions={actions} />
              ))}
            </ul>
          ) : null}
        </Box>
      ) : null}
    </li>
  );
}

/** Top-level categories; each opens to show its sub-categories, read when opened. */
export function CategoryTree({ organizationId, roots, label, actions }: { organizationId: string; roots: Category[]; label: string; actions: CategoryTreeActions }) {
  return (
    <ul style={listStyle} aria-label={label}>
      {roots.map((category) => (
        <CategoryRow key={category.id} organizationId={organizationId} category={category} level={1} actions={actions} />
      ))}
    </ul>
  );
}
