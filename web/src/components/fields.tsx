import { Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
// Types only: this module is in the sign-in chunk; the form library comes with the forms.
import type { FieldValues, Path, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';

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

/* ---- Fields bound to a react-hook-form form (lib/forms `useZodForm`) ---- */

/** What a bound field needs of its form: `useZodForm`'s (or `useForm`'s) return value. */
export type BoundForm<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'register' | 'getFieldState' | 'formState'>;

interface Binding<T extends FieldValues> {
  form: BoundForm<T>;
  name: Path<T>;
  /** react-hook-form's register options (`setValueAs`, `onChange`, …). */
  rules?: RegisterOptions<T, Path<T>>;
}

type Bound<P, T extends FieldValues> = Binding<T> & Omit<P, 'error' | 'name' | 'value' | 'defaultValue' | 'onBlur' | 'ref' | 'form'>;

/**
 * A field's own `onChange` runs first (it may tidy `event.target.value`, e.g. keep only digits), then
 * the form records the value.
 */
const chain =
  <E,>(own: ((event: E) => void) | undefined, registered: (event: E) => unknown) =>
  (event: E) => {
    own?.(event);
    void registered(event);
  };

/** The field's message (already in the reader's language, see lib/forms) when it has one. */
const errorOf = <T extends FieldValues>(form: BoundForm<T>, name: Path<T>) => form.getFieldState(name, form.formState).error?.message || undefined;

export function FormTextInput<T extends FieldValues>({ form, name, rules, onChange, ...props }: Bound<TextInputProps, T>) {
  const { onChange: registered, ...field } = form.register(name, rules);
  return <TextInput {...props} {...field} onChange={chain(onChange, registered)} error={errorOf(form, name)} />;
}

export function FormTextAreaInput<T extends FieldValues>({ form, name, rules, onChange, ...props }: Bound<TextAreaInputProps, T>) {
  const { onChange: registered, ...field } = form.register(name, rules);
  return <TextAreaInput {...props} {...field} onChange={chain(onChange, registered)} error={errorOf(form, name)} />;
}

export function FormSelectInput<T extends FieldValues>({ form, name, rules, onChange, ...props }: Bound<SelectInputProps, T>) {
  const { onChange: registered, ...field } = form.register(name, rules);
  return <SelectInput {...props} {...field} onChange={chain(onChange, registered)} error={errorOf(form, name)} />;
}

/** The props a custom control spreads to be labelled, registered and described by its error. */
export type FormFieldControl = UseFormRegisterReturn & {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * Any other control (a checkbox, a picker): the label, the hint and the field's error around it,
 * and the props that bind it: `<FormField form={form} name="x" label="X">{(field) => <input {...field} />}</FormField>`.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  rules,
  label,
  hint,
  id,
  children,
}: Binding<T> & { label: string; hint?: ReactNode; id?: string; children: (field: FormFieldControl, error: string | undefined) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  const error = errorOf(form, name);
  const control: FormFieldControl = {
    ...form.register(name, rules),
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(inputId, error, hint),
  };
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      {children(control, error)}
    </FieldShell>
  );
}
