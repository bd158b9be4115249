import { Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** Every input has a visible label bound to it, and its error is announced with it. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <Flex direction="column" gap="1" className="field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint && !error ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

type TextInputProps = Omit<ComponentProps<typeof TextField.Root>, 'id'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
};

export function TextInput({ label, error, hint, id, children, ...props }: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <TextField.Root
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...props}
      >
        {children}
      </TextField.Root>
    </FieldShell>
  );
}

type TextAreaInputProps = Omit<ComponentProps<typeof TextArea>, 'id'> & { label: string; error?: string; hint?: ReactNode; id?: string };

export function TextAreaInput({ label, error, hint, id, ...props }: TextAreaInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <TextArea id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, error, hint)} {...props} />
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

type SelectInputProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  options: readonly Option[];
  error?: string;
  hint?: ReactNode;
  id?: string;
};

/** A native select: the most reliable control for keyboards, screen readers and phones. */
export function SelectInput({ label, options, error, hint, id, className, ...props }: SelectInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <select
        id={inputId}
        className={['native-select', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type FileInputProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

export function FileInput({ label, error, hint, id, ...props }: FileInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input id={inputId} type="file" className="file-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, error, hint)} {...props} />
    </FieldShell>
  );
}
