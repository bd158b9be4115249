import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../../lib/i18n';
import { renderRoutes } from '../../../../testing/render';
import { prepareScreens } from '../../../../testing/session';
import { OrganizationProfileStep } from './organization-profile-step';

beforeAll(prepareScreens);
afterEach(() => changeLanguage('en'));

function renderStep(initialData: Record<string, unknown> = {}) {
  const onValid = vi.fn();
  renderRoutes(
    [
      {
        path: '/onboarding',
        element: (
          <>
            <OrganizationProfileStep formId="profile" initialData={initialData} onValid={onValid} />
            <button type="submit" form="profile">
              Next
            </button>
          </>
        ),
      },
    ],
    '/onboarding',
  );
  return onValid;
}

describe('onboarding: business step (issue #12)', () => {
  it('asks for the business name in Arabic, right to left, and saves it with the step', async () => {
    const onValid = renderStep();
    const user = userEvent.setup();

    const arabic = await screen.findByRole('textbox', { name: 'Business name in Arabic' });
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('Optional. Printed beside the English name on invoices and receipts.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /Organization name/ }), 'Nour Bakery');
    await user.type(arabic, 'مخبز النور');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ name: 'Nour Bakery', name_ar: 'مخبز النور', base_currency: 'JOD', inventory_valuation_method: 'fifo' });
  });

  it('leaves the Arabic name out when it is blank', async () => {
    const onValid = renderStep({ name: 'Nour Bakery' });
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Business name in Arabic' });

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).not.toHaveProperty('name_ar');
  });

  it('refuses an Arabic name without Arabic letters, saying so in the reader\'s language', async () => {
    await changeLanguage('ar');
    const onValid = renderStep({ name: 'Nour Bakery' });
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'اسم المنشأة بالعربية' }), 'Nour');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('اكتب الاسم العربي بحروف عربية')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('shows the saved Arabic name when the wizard is resumed', async () => {
    renderStep({ name: 'Nour Bakery', name_ar: 'مخبز النور' });
    expect(((await screen.findByRole('textbox', { name: 'Business name in Arabic' })) as HTMLInputElement).value).toBe('مخبز النور');
  });

  it('asks how stock is valued, FIFO unless moving average is chosen, and saves the choice with the step (issue #14)', async () => {
    const onValid = renderStep({ name: 'Nour Bakery' });
    const user = userEvent.setup();

    const fifo = await screen.findByRole('radio', { name: /FIFO \(first in, first out\)/ });
    expect(fifo.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Each sale is costed at the price of the oldest stock still on hand, batch by batch.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Moving average/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toEqual({ name: 'Nour Bakery', base_currency: 'JOD', inventory_valuation_method: 'average' });
  });

  it('shows the saved valuation method when the wizard is resumed', async () => {
    renderStep({ name: 'Nour Bakery', inventory_valuation_method: 'average' });
    expect((await screen.findByRole('radio', { name: /Moving average/ })).getAttribute('aria-checked')).toBe('true');
  });
});
