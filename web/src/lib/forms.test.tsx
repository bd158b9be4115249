import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@daftar/shared/schemas/common';
import { FormField, FormTextInput } from '../components/fields';
import { ApiError } from './api-client';
import { applyServerErrors, flattenErrors, issueMessages, serverIssues, useZodForm, type ServerIssue } from './forms';
import { changeLanguage } from './i18n';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(20),
  email: z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, messages.invalidEmail),
  lines: z.array(z.object({ quantity: z.string().min(1) })),
  notes: z.string().optional(),
});

const unprocessable = (detail: { loc: (string | number)[]; msg: string; type: string }[]) =>
  new ApiError(422, 'Unprocessable Entity', { detail });

/** A form as the features build theirs; `serverError` is what the submit "answers". */
function Harness({ serverError, onValid }: { serverError?: unknown; onValid?: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '', email: '', lines: [{ quantity: '1' }], notes: '' } });
  const [alert, setAlert] = useState<string[]>([]);
  const onSubmit = form.handleSubmit((values) => {
    if (!serverError) return onValid?.(values);
    const rest: ServerIssue[] = applyServerErrors(form, serverError) ?? [];
    setAlert(issueMessages(rest));
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormTextInput form={form} name="name" label="Name" />
      <FormTextInput form={form} name="email" label="Email" />
      <FormField form={form} name="lines.0.quantity" label="Quantity">
        {(field) => <input {...field} />}
      </FormField>
      {alert.length ? <p data-testid="form-alert">{alert.join(' ')}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(async () => {
  await act(() => changeLanguage('en'));
});

describe('useZodForm', () => {
  it('shows the schema messages on their fields, described and marked invalid', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Name is required');
  });

  it('translates by zod code and params when the schema wrote no message of its own', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Name'), 'a name far longer than twenty characters');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 20 characters')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the schema's messages in Arabic when the language is 'ar'", async () => {
    await act(() => changeLanguage('ar'));
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Email'), 'x');
    await user.type(screen.getByLabelText('Name'), 'a name far longer than twenty characters');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('عنوان البريد الإلكتروني غير صالح')).toBeTruthy();
    expect(screen.getByText('يجب ألا يزيد عن 20 حرفًا')).toBeTruthy();
    expect(screen.queryByText('Invalid email address')).toBeNull();
  });

  it('passes the parsed values to the submit handler', async () => {
    const user = userEvent.setup();
    let received: unknown;
    render(<Harness onValid={(values) => (received = values)} />);
    await user.type(screen.getByLabelText('Name'), '  Rana  ');
    await user.type(screen.getByLabelText('Email'), 'rana@example.jo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(received).toEqual({ name: 'Rana', email: 'rana@example.jo', lines: [{ quantity: '1' }], notes: '' }));
  });
});

describe('useZodForm placing messages', () => {
  const tagsSchema = z
    .object({
      tags: z.string().transform((v) => v.split(',')).pipe(z.array(z.string().max(3))),
      from: z.string(),
      to: z.string(),
    })
    .refine((v) => v.from <= v.to, 'start_date must not be after end_date');

  function TagsForm() {
    const form = useZodForm(tagsSchema, { defaultValues: { tags: '', from: '', to: '' } });
    return (
      <form onSubmit={(event) => void form.handleSubmit(() => undefined)(event)} noValidate>
        <FormTextInput form={form} name="tags" label="Tags" />
        <FormTextInput form={form} name="from" label="From" />
        <FormTextInput form={form} name="to" label="To" />
        {form.formState.errors.root ? <p role="status">{form.formState.errors.root.message}</p> : null}
        <button type="submit">Save</button>
      </form>
    );
  }

  it("shows an issue inside a field's value on the field, and one about the whole form as the form's", async () => {
    const user = userEvent.setup();
    render(<TagsForm />);
    await user.type(screen.getByLabelText('Tags'), 'ok,toolong');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 3 characters')).toBeTruthy();
    expect(screen.getByLabelText('Tags').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Tags'));
    await user.type(screen.getByLabelText('Tags'), 'ok');
    await user.type(screen.getByLabelText('From'), '2025-02-01');
    await user.type(screen.getByLabelText('To'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('The start date must not be after the end date');
  });
});

describe('applyServerErrors', () => {
  async function submitValid(serverError: unknown) {
    const user = userEvent.setup();
    render(<Harness serverError={serverError} />);
    await user.type(screen.getByLabelText('Name'), 'Rana');
    await user.type(screen.getByLabelText('Email'), 'rana@example.jo');
    await user.click(screen.getByRole('button', { name: 'Save' }));
  }

  it('puts a 422 issue on the field its loc names, nested paths included', async () => {
    await submitValid(
      unprocessable([
        { loc: ['body', 'email'], msg: 'Invalid email address', type: 'invalid_format' },
        { loc: ['body', 'lines', 0, 'quantity'], msg: 'Quantity must be positive', type: 'value_error' },
      ]),
    );
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Quantity must be positive')).toBeTruthy();
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('form-alert')).toBeNull();
  });

  it("puts an issue about a part of a field's value on that field", async () => {
    await submitValid(unprocessable([{ loc: ['body', 'name', 0], msg: 'Name is required', type: 'too_small' }]));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('returns the issues no field shows, for a form-level alert', async () => {
    await submitValid(
      unprocessable([
        { loc: ['body', 'organization_id'], msg: 'Organization is archived', type: 'value_error' },
        { loc: ['body'], msg: 'Body is invalid', type: 'value_error' },
      ]),
    );
    expect((await screen.findByTestId('form-alert')).textContent).toBe('Organization is archived Body is invalid');
  });

  it('translates a server issue into Arabic by its known message', async () => {
    await act(() => changeLanguage('ar'));
    await submitValid(unprocessable([{ loc: ['body', 'email'], msg: 'Invalid email address', type: 'invalid_format' }]));
    expect(await screen.findByText('عنوان البريد الإلكتروني غير صالح')).toBeTruthy();
  });

  it('is null for anything but a 422 with a detail list', () => {
    const form = { setError: () => undefined, getValues: () => undefined } as unknown as Parameters<typeof applyServerErrors>[0];
    expect(applyServerErrors(form, new ApiError(400, 'Bad Request', { detail: 'Incorrect email or password' }))).toBeNull();
    expect(applyServerErrors(form, new ApiError(422, 'Unprocessable Entity', { detail: 'text' }))).toBeNull();
    expect(applyServerErrors(form, new TypeError('Network request failed'))).toBeNull();
    expect(serverIssues({ detail: [{ loc: ['query', 'limit'], msg: 'Too big', type: 'too_big' }] })).toEqual([
      { loc: ['query', 'limit'], msg: 'Too big', type: 'too_big', path: 'limit' },
    ]);
  });

  it('flattens nested errors to dotted paths', () => {
    expect(flattenErrors({ lines: [{ quantity: { type: 'too_small', message: 'Required' } }], name: { type: 'x', message: 'Bad' } } as never)).toEqual({
      'lines.0.quantity': 'Required',
      name: 'Bad',
    });
  });
});
