import { TextField } from '@radix-ui/themes';
import { useId, useState, type Dispatch, type KeyboardEvent, type ReactNode, type SetStateAction } from 'react';

/** What the person typed (null when not typing), whether the list is open, and the active option. */
export interface ComboboxState {
  query: string | null;
  open: boolean;
  active: number;
  setQuery: Dispatch<SetStateAction<string | null>>;
  setOpen: Dispatch<SetStateAction<boolean>>;
  setActive: Dispatch<SetStateAction<number>>;
}

/** Held by the picker, which reads `query` and `open` to decide what the list offers. */
export function useComboboxState(): ComboboxState {
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  return { query, setQuery, open, setOpen, active, setActive };
}

interface ComboboxProps<T extends { id: string }> {
  state: ComboboxState;
  label: string;
  /** What the list offers now. */
  options: readonly T[];
  renderOption: (option: T) => ReactNode;
  /** What the field shows while the person is not typing: the chosen option. */
  chosenText: string;
  /** Whether something is chosen: typing over it un-chooses it (`onUnchoose`). */
  hasChoice: boolean;
  onChoose: (option: T) => void;
  onUnchoose: () => void;
  /** Said in the list when it offers nothing. */
  emptyText: string;
  /**
   * The list offers only what was typed (a server search): it opens once something is typed, and
   * Enter chooses only while typing, so elsewhere Enter stays the surrounding grid's.
   */
  typedOnly?: boolean;
  /** The option marked selected; without it, the active one is. */
  selectedId?: string;
  busy?: boolean;
  size?: '1' | '2' | '3';
  field?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A WAI-ARIA combobox with a list box: arrows move, Enter chooses, Escape closes. Typing over a
 * choice un-chooses it, so what the field shows is always what will be sent.
 */
export function Combobox<T extends { id: string }>(props: ComboboxProps<T>) {
  const { state, label, options, renderOption, chosenText, hasChoice, onChoose, onUnchoose, emptyText, typedOnly, selectedId, busy } = props;
  const { query, setQuery, open, setOpen, active, setActive } = state;
  const listId = useId();

  const choose = (option: T) => {
    onChoose(option);
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
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (event.key === 'Enter' && open && (!typedOnly || query !== null)) {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  const activeId = open && options[active] ? `${listId}-${options[active].id}` : undefined;
  const listOpen = open && (!typedOnly || (query !== null && query.trim().length > 0));
  return (
    <div style={{ position: 'relative' }}>
      <TextField.Root
        size={props.size}
        role="combobox"
        aria-label={label}
        aria-expanded={listOpen}
        // Only a list that is there is named (axe: aria-controls must point at an element).
        aria-controls={listOpen ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={listOpen ? activeId : undefined}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        autoComplete="off"
        placeholder={props.placeholder}
        disabled={props.disabled}
        data-field={props.field}
        value={query ?? chosenText}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
          if (hasChoice) onUnchoose();
        }}
        onFocus={() => setOpen(true)}
        // A click reopens a list that offers without typing (after Escape, say).
        onClick={typedOnly ? undefined : () => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
        }}
        onKeyDown={onKeyDown}
      />
      {listOpen ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          aria-busy={busy}
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
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              aria-selected={selectedId === undefined ? index === active : option.id === selectedId}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(option)}
              style={{
                padding: 'var(--space-1) var(--space-2)',
                borderRadius: 'var(--radius-2)',
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                background: index === active ? 'var(--accent-a4)' : undefined,
                fontSize: 'var(--font-size-2)',
              }}
            >
              {renderOption(option)}
            </li>
          ))}
          {options.length === 0 ? (
            <li role="presentation" style={{ padding: 'var(--space-1) var(--space-2)', color: 'var(--gray-11)', fontSize: 'var(--font-size-2)' }}>
              {emptyText}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
