import { useMemo } from 'react';
import { Combobox, useComboboxState } from '../../../components/combobox';

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
  const state = useComboboxState();
  const chosen = choices.find((c) => c.id === value);
  const chosenText = chosen ? choiceLabel(chosen) : value ? (fallbackLabel ?? '') : '';
  const { open, query } = state;
  const shown = useMemo(() => (open ? filterChoices(choices, query ?? '') : []), [open, choices, query]);
  return (
    <Combobox
      state={state}
      label={label}
      options={shown}
      renderOption={choiceLabel}
      chosenText={chosenText}
      hasChoice={!!value}
      onChoose={(choice) => onChange(choice.id)}
      onUnchoose={() => onChange('')}
      emptyText={noMatches}
      selectedId={value}
      placeholder={placeholder}
      invalid={invalid}
      describedBy={describedBy}
      disabled={disabled}
    />
  );
}
