import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Tabs, TextField } from '@radix-ui/themes';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../page-header';

/**
 * A list page keeps its filters and page in the address (shareable, survives reload): `update`
 * sets or clears (null or '') search parameters without adding a history step.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const skip = Math.max(0, Number(params.get('skip')) || 0);
  return { params, update, skip };
}

const normalize = (text: string) => text.toLocaleLowerCase().trim();

/** Whether any of the texts contains the search, ignoring case and surrounding spaces. */
export const matchesSearch = (search: string, texts: readonly string[]) => {
  const needle = normalize(search);
  return texts.some((text) => normalize(text).includes(needle));
};

/** A list read whole and narrowed here (the API cannot filter it so): one page of what is kept. */
export function pageLocally<T>(items: readonly T[], keep: (item: T) => boolean, skip: number, pageSize: number) {
  const kept = items.filter(keep);
  return { rows: kept.slice(skip, skip + pageSize), count: kept.length };
}

/** A list page's header: its title, what it lists, and the button creating a new document (members). */
export function DocumentListHeader({ title, description, newLabel, newTo, canCreate }: { title: string; description: string; newLabel: string; newTo: string; canCreate: boolean }) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        canCreate ? (
          <Button asChild>
            <Link to={newTo}>{newLabel}</Link>
          </Button>
        ) : null
      }
    />
  );
}

interface StatusTabsProps {
  /** The tab list's accessible name. */
  label: string;
  value: string;
  tabs: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  children: ReactNode;
}

/** Status filter tabs over one panel holding the list. */
export function StatusTabs({ label, value, tabs, onChange, children }: StatusTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={onChange}>
      <Tabs.List aria-label={label} wrap="wrap">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value}>
        <Flex direction="column" gap="3" pt="4">
          {children}
        </Flex>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The search box of a list, named for screen readers by `label`. */
export function ListSearchField({ label, placeholder, value, onChange, style }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; style?: CSSProperties }) {
  return (
    <TextField.Root type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} style={style}>
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
