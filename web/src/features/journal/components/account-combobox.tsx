import { TextField } from '@radix-ui/themes';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';

export interface AccountChoice {
  id: string;
  code: string;
  /** The name in the reader's language. */
  name: string;
  /** Other names the search also matches (the other language). */
  aliases: readonly string[];
}

const MAX_SHOWN = 50;
const normalize = (text: string) => text.toLocaleLowerCase().trim();
export const choiceLabel = (choice: Pick<AccountChoice, 'code' | 'name'>) => `${choice.code} · ${choice.name}`;

/** Codes match from their start (typing 11 finds 1110, 1120…); names match anywhere. */
export function filterChoices(choices: readonly AccountChoice[], query: string): AccountChoice[] {
  const needle = normalize(query);
  if (!needle) return choices.slice(0, MAX_SHOWN);
  const byCode = choices.filter((c) => normalize(c.code).startsWith(needle));
  const byName = choices.filter((c) => !byCode.includes(c) && [c.name, ...c.aliases, choiceLabel(c)].some((n) => normalize(n).includes(needle)));
  return [...byCode, ...byName].slice(0, MAX_SHOWN);
}

interface AccountComboboxProps {
  label: string;
  choices: readonly AccountChoice[];
  /** The chosen account id, or ''. */
  value: string;
  /** How to show a chosen account that is not among the choices (an inactive one). */
  fallbackLabel?: string;
  onChange: (accountId: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  noMatches: string;
  disabled?: boolean;
}

/**
 * An account picker that searches by code or name as one types (WAI-ARIA combobox with a list
 * box): arrows move, Enter chooses, Escape closes. Typing over a chosen account un-chooses it, so
 * what the field shows is always what will be sent.
 */
export function AccountCombobox({ label, choices, value, fallbackLabel, onChange, invalid, describedBy, placeholder, noMatches, disabled }: AccountComboboxProps) {
  const listId = useId();
  const chosen = choices.find((c) => c.id === value);
  const chosenText = chosen ? choiceLabel(chosen) : value ? (fallbackLabel ?? '') : '';
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => (open ? filterChoices(choices, query ?? '') : []), [open, choices, query]);

  const choose = (choice: AccountChoice) => {
    onChange(choice.id);
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length ? (i + step + shown.length) % shown.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const choice = shown[active];
      if (choice) choose(choice);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  const activeId = open && shown[active] ? `${listId}-${shown[active].id}` : undefined;
  return (
    <div style={{ position: 'relative' }}>
      <TextField.Root
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={query ?? chosenText}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange('');
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          style={{
            position: 'absolute',
            insetInlineStart: 0,
            top: 'calc(100% + 4px)',
            zIndex: 20,
            minWidth: '100%',
            maxHeight: 260,
            overflowY: 'auto',
            margin: 0,
            padding: 'var(--space-1)',
            listStyle: 'none',
            background: 'var(--color-panel-solid)',
            border: '1px solid var(--gray-a6)',
            borderRadius: 'var(--radius-3)',
            boxShadow: 'var(--shadow-4)',
          }}
        >
          {shown.map((choice, index) => (
            <li
              key={choice.id}
              id={`${listId}-${choice.id}`}
              role="option"
              aria-selected={choice.id === value}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(choice)}
              style={{
                padding: 'var(--space-1) var(--space-2)',
                borderRadius: 'var(--radius-2)',
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                background: index === active ? 'var(--accent-a4)' : undefined,
                fontSize: 'var(--font-size-2)',
              }}
            >
              {choiceLabel(choice)}
            </li>
          ))}
          {shown.length === 0 ? (
            <li role="presentation" style={{ padding: 'var(--space-1) var(--space-2)', color: 'var(--gray-11)', fontSize: 'var(--font-size-2)' }}>
              {noMatches}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
