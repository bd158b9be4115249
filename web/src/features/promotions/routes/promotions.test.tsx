import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROMOTION_REASON_KEYS } from '@daftar/shared/schemas/promotions';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppTheme } from '../../../components/app-theme';
import { formatMoney } from '../../../lib/format';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes, Screen } from '../../../testing/render';
import { API, catalogueReaders, figures, location, prepareScreens, promotion, PROMOTIONS, rule, session, use, wrongDay } from '../testing/fixtures';
import { EditPromotionRoute } from './edit-promotion';
import { NewPromotionRoute } from './new-promotion';
import { PromotionRoute } from './promotion';
import { PromotionsRoute } from './promotions';

beforeAll(prepareScreens);
afterEach(() => vi.unstubAllGlobals());

const routes = (page: 'real' | 'stub' = 'real') => [
  // The signed-in shell's Theme, which dialogs and menus read to draw their portals.
  { path: '/promotions', element: <AppTheme><PromotionsRoute /></AppTheme> },
  { path: '/promotions/new', element: <AppTheme><NewPromotionRoute /></AppTheme> },
  { path: '/promotions/:promotionId', element: page === 'real' ? <AppTheme><PromotionRoute /></AppTheme> : <Screen name="promotion" /> },
  { path: '/promotions/:promotionId/edit', element: <AppTheme><EditPromotionRoute /></AppTheme> },
];

/** Money as the screen shows it, spaced as testing-library reads text (Intl puts a no-break space after the currency). */
const jod = (amount: string, language?: 'en' | 'ar') => formatMoney(amount, 'JOD', language).replace(/\s+/g, ' ');
const bodies = (requests: RecordedRequest[], method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body!) as unknown);

const locationsReader = { [`GET ${API}/inventory/locations`]: () => ({ json: { data: [location()], count: 1 } }) };

/** What a promotion's page reads besides the promotion. */
const pageReaders = (current = promotion()) => ({
  ...catalogueReaders(),
  ...locationsReader,
  [`GET ${PROMOTIONS}/${current.id}`]: () => ({ json: current }),
  [`GET ${PROMOTIONS}/${current.id}/summary`]: () => ({ json: figures() }),
  [`GET ${PROMOTIONS}/${current.id}/usage`]: () => ({ json: { data: [], count: 0 } }),
});

describe('the rule builder', { timeout: 60_000 }, () => {
  it('refuses a condition left empty, then posts the conditions chosen', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...catalogueReaders(),
      ...locationsReader,
      [`POST ${PROMOTIONS}`]: () => ({ status: 201, json: promotion({ id: 'promo-2' }) }),
    });
    const { router } = renderRoutes(routes('stub'), '/promotions/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Name'), 'Juice Fridays');
    await user.type(within(form).getByLabelText('Percentage off (%)'), '10');
    await user.selectOptions(within(form).getByLabelText('Start'), 'active');

    await user.click(within(form).getByRole('button', { name: 'Add rule' }));
    const card = within(form).getByRole('region', { name: 'Rule 1' });
    const addCondition = async (name: string) => {
      await user.click(within(card).getByRole('button', { name: 'Add a condition to Rule 1' }));
      await user.click(await screen.findByRole('menuitem', { name }));
    };

    // Products: searched in the catalogue as one types, kept as chips.
    await addCondition('Products');
    await user.type(within(card).getByRole('combobox', { name: 'Add a product' }), 'juice');
    await user.click(await screen.findByRole('option', { name: /Orange juice 1 L/ }));
    expect(within(within(card).getByRole('list', { name: 'Products' })).getByText('JUICE-1 · Orange juice 1 L')).toBeTruthy();

    await addCondition('Days of the week');
    await user.click(within(card).getByRole('checkbox', { name: 'Friday' }));
    await addCondition('Minimum subtotal');
    await user.type(within(card).getByLabelText('Subtotal at least (JOD)'), '5');
    await addCondition('Hours');
    await user.type(within(card).getByLabelText('From'), '16:00');
    await user.type(within(card).getByLabelText('Until'), '20:00');

    // A condition added and left empty would restrict nothing: the builder says so and sends nothing.
    await addCondition('Categories');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await within(card).findByText('Choose at least one category, or remove this condition')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Remove the condition Categories' }));

    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(bodies(requests, 'POST', PROMOTIONS)).toHaveLength(1));
    expect(bodies(requests, 'POST', PROMOTIONS)[0]).toEqual({
      name: 'Juice Fridays',
      name_ar: null,
      description: null,
      status: 'active',
      priority: 0,
      exclusive: false,
      stackable: false,
      usage_limit_total: null,
      usage_limit_per_customer: null,
      reward: { type: 'percent', percent: '10' },
      rules: [{ product_ids: ['prod-juice'], days_of_week: [5], min_subtotal: '5', time_from: '16:00', time_to: '20:00' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions/promo-2'));
  });

  it('checks the percentage with the shared schema before sending', async () => {
    const { requests } = mockFetch({ ...session('admin'), ...catalogueReaders(), ...locationsReader });
    renderRoutes(routes('stub'), '/promotions/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Name'), 'Too generous');
    const percent = within(form).getByLabelText('Percentage off (%)');
    await user.type(percent, '150');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(percent.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(percent.getAttribute('aria-describedby')!)!.textContent).toBe('A percentage is more than 0 and at most 100');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('the promotion page', { timeout: 60_000 }, () => {
  it('changes one rule through the rule routes', async () => {
    const { requests } = mockFetch({
      ...session('admin'),
      ...pageReaders(),
      [`PUT ${PROMOTIONS}/rules/rule-1`]: () => ({ json: rule({ days_of_week: [5, 6] }) }),
    });
    renderRoutes(routes(), '/promotions/promo-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Juice Fridays' })).toBeTruthy();
    const stored = screen.getByRole('article', { name: 'Rule 1' });
    expect(await within(stored).findByText('Friday')).toBeTruthy();
    expect(await within(stored).findByText('JUICE-1 · Orange juice 1 L')).toBeTruthy();

    await user.click(within(stored).getByRole('button', { name: 'Edit Rule 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Rule 1' });
    expect((within(dialog).getByRole('checkbox', { name: 'Friday' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies(requests, 'PUT', `${PROMOTIONS}/rules/rule-1`)).toHaveLength(1));
    expect(bodies(requests, 'PUT', `${PROMOTIONS}/rules/rule-1`)[0]).toEqual({ product_ids: ['prod-juice'], days_of_week: [5, 6] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the settings, what it has given and its uses', async () => {
    mockFetch({
      ...session('member'),
      ...pageReaders(promotion({ usage_limit_total: 100, used_total: 3 })),
      [`GET ${PROMOTIONS}/promo-1/summary`]: () => ({ json: figures({ used_total: 3, customers: 2, discount_total: '0.750', usage_limit_total: 100, remaining: 97 }) }),
      [`GET ${PROMOTIONS}/promo-1/usage`]: () => ({ json: { data: [use()], count: 1 } }),
    });
    renderRoutes(routes(), '/promotions/promo-1');
    const given = await screen.findByRole('region', { name: 'What it has given' });
    expect(await within(given).findByText(jod('0.750'))).toBeTruthy();
    expect(within(given).getByText('97')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Settings' })).getByText('10% off')).toBeTruthy();
    const uses = await screen.findByRole('table', { name: 'Uses' });
    expect(within(uses).getByText('Register sale')).toBeTruthy();
    expect(within(uses).getByText(jod('0.250'))).toBeTruthy();
    // A member tests carts but does not change the promotion.
    expect(screen.queryByRole('button', { name: 'Edit Rule 1' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Why not? Test a cart' })).toBeTruthy();
  });
});

describe('the "why not" tester', { timeout: 60_000 }, () => {
  it('sends the test cart and shows the reason of a mocked wrong_day answer in words', async () => {
    const { requests } = mockFetch({ ...session('member'), ...pageReaders(), [`POST ${PROMOTIONS}/validate`]: () => ({ json: wrongDay() }) });
    renderRoutes(routes(), '/promotions/promo-1');
    const user = userEvent.setup();
    const tester = await screen.findByRole('form', { name: 'Why not? Test a cart' });

    await user.type(within(tester).getByRole('combobox', { name: 'Item 1: product' }), 'juice');
    await user.click(await screen.findByRole('option', { name: /Orange juice 1 L/ }));
    // The product's price fills the line; quantity × price is the line's amount.
    expect((within(tester).getByLabelText('Item 1: unit price') as HTMLInputElement).value).toBe('1.250');
    const quantity = within(tester).getByLabelText('Item 1: quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(await within(tester).findByText(jod('2.500'))).toBeTruthy();
    await user.type(within(tester).getByLabelText('Date and time'), '2026-12-03T10:00');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));

    const answer = await screen.findByRole('region', { name: 'The answer' });
    expect(within(answer).getByRole('status').textContent).toBe('Not on this day of the week: it is Thursday, and the promotion runs on Friday.');
    expect(within(answer).getByText('Does not apply')).toBeTruthy();
    expect(bodies(requests, 'POST', `${PROMOTIONS}/validate`)).toEqual([
      {
        promotion_id: 'promo-1',
        customer_id: null,
        location_id: null,
        at: '2026-12-03T10:00:00+03:00',
        lines: [{ id: 'line-1', product_id: 'prod-juice', category_id: 'cat-drinks', quantity: '2', unit_price: '1.250', gross: '2.500' }],
      },
    ]);
  });

  it('shows the discount of an eligible cart given as a total and item count', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      ...pageReaders(promotion({ rules: [] })),
      [`POST ${PROMOTIONS}/validate`]: () => ({ json: wrongDay({ eligible: true, discount: '1.500', reason_key: 'promotion.why.applied', reason_params: { discount: '1.500' }, reason: 'Applies' }) }),
    });
    renderRoutes(routes(), '/promotions/promo-1');
    const user = userEvent.setup();
    const tester = await screen.findByRole('form', { name: 'Why not? Test a cart' });
    await user.click(within(tester).getByRole('radio', { name: 'Just a total' }));
    await user.type(within(tester).getByLabelText('Cart total (JOD)'), '15');
    await user.type(within(tester).getByLabelText('Number of items'), '3');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    const answer = await screen.findByRole('region', { name: 'The answer' });
    expect(within(answer).getByRole('status').textContent!.replace(/\s+/g, ' ')).toBe(`Applies: ${jod('1.500')} off.`);
    expect(within(answer).getByText(`Discount: ${jod('1.500')}`)).toBeTruthy();
    expect(bodies(requests, 'POST', `${PROMOTIONS}/validate`)[0]).toEqual({ promotion_id: 'promo-1', customer_id: null, location_id: null, cart_total: '15', item_count: '3' });
  });

  it("shows each line's share of an eligible cart's discount", async () => {
    mockFetch({
      ...session('member'),
      ...pageReaders(),
      [`POST ${PROMOTIONS}/validate`]: () => ({
        json: wrongDay({ eligible: true, discount: '0.250', lines: [{ line_id: 'line-1', discount: '0.250' }], reason_key: 'promotion.why.applied', reason_params: { discount: '0.250' }, reason: 'Applies' }),
      }),
    });
    renderRoutes(routes(), '/promotions/promo-1');
    const user = userEvent.setup();
    const tester = await screen.findByRole('form', { name: 'Why not? Test a cart' });
    await user.type(within(tester).getByRole('combobox', { name: 'Item 1: product' }), 'juice');
    await user.click(await screen.findByRole('option', { name: /Orange juice 1 L/ }));
    const quantity = within(tester).getByLabelText('Item 1: quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(tester).getByRole('button', { name: 'Test' }));
    const answer = await screen.findByRole('region', { name: 'The answer' });
    expect(within(answer).getByText('Applies')).toBeTruthy();
    const row = within(within(answer).getByRole('table', { name: 'Discount per item' })).getByRole('row', { name: /Orange juice/ });
    expect(within(row).getByText(jod('2.500'))).toBeTruthy();
    expect(within(row).getByText(jod('0.250'))).toBeTruthy();
    expect(within(row).getByText(jod('2.250'))).toBeTruthy();
  });

  it.each(['en', 'ar'] as const)('has a sentence for every reason the engine gives (%s)', async (language) => {
    await changeLanguage(language);
    const missing = PROMOTION_REASON_KEYS.filter((key) => !i18n.exists(`promotions.why.${key.slice('promotion.why.'.length)}`, { lng: language, fallbackLng: [] }));
    expect(missing).toEqual([]);
    await changeLanguage('en');
  });
});

describe('the list', { timeout: 60_000 }, () => {
  it('activates the selected promotions and says which could not be', async () => {
    const rows = [promotion({ id: 'promo-1', status: 'draft' }), promotion({ id: 'promo-2', name: 'Summer tiers', name_ar: null, status: 'ended', promotion_type: 'tiered', stackable: true, usage_limit_total: 50, used_total: 7 })];
    const { requests } = mockFetch({
      ...session('admin'),
      [`GET ${PROMOTIONS}`]: () => ({ json: { data: rows, count: rows.length } }),
      [`POST ${PROMOTIONS}/bulk-operations`]: () => ({
        json: {
          done: 1,
          failed: 1,
          results: [
            { promotion_id: 'promo-1', ok: true, detail: null },
            { promotion_id: 'promo-2', ok: false, detail: 'An ended promotion does not start again; copy it into a new one' },
          ],
        },
      }),
    });
    renderRoutes(routes('stub'), '/promotions');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Promotions' });
    const tiers = within(table).getByRole('row', { name: /Summer tiers/ });
    expect(within(tiers).getByText('7 of 50')).toBeTruthy();
    expect(within(tiers).getByText('Stackable')).toBeTruthy();
    expect(within(tiers).getByText('Ended')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select every promotion on this page' }));
    const toolbar = screen.getByRole('toolbar', { name: 'With the selected promotions' });
    expect(within(toolbar).getByText('Selected: 2')).toBeTruthy();
    await user.click(within(toolbar).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(bodies(requests, 'POST', `${PROMOTIONS}/bulk-operations`)).toEqual([{ operation: 'activate', promotion_ids: ['promo-1', 'promo-2'] }]));
    expect((await screen.findByRole('alert')).textContent).toContain('Summer tiers: An ended promotion does not start again; copy it into a new one');
  });

  it('filters by status and type, and searches by name', async () => {
    const { requests } = mockFetch({
      ...session('member'),
      [`GET ${PROMOTIONS}`]: () => ({ json: { data: [promotion()], count: 1 } }),
      [`POST ${PROMOTIONS}/search`]: () => ({ json: { data: [promotion()], count: 1 } }),
    });
    renderRoutes(routes('stub'), '/promotions');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Promotions' });
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await user.selectOptions(screen.getByLabelText('Type'), 'percent');
    await waitFor(() => {
      const last = requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === PROMOTIONS).at(-1)!;
      expect(Object.fromEntries(new URL(last.url, 'http://x').searchParams)).toMatchObject({ status: 'active', promotion_type: 'percent' });
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search promotions' }), 'juice');
    await waitFor(() => expect(bodies(requests, 'POST', `${PROMOTIONS}/search`).at(-1)).toMatchObject({ q: 'juice', status: 'active', promotion_type: 'percent' }));
    // No New promotion for a member.
    expect(screen.queryByRole('link', { name: 'New promotion' })).toBeNull();
  });
});

describe('in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('names promotions in Arabic and tells why not in Arabic, right to left', async () => {
    mockFetch({ ...session('member'), ...pageReaders(), [`POST ${PROMOTIONS}/validate`]: () => ({ json: wrongDay() }) });
    renderRoutes(routes(), '/promotions/promo-1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'جمعة العصير' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    const tester = screen.getByRole('form', { name: 'لماذا لا؟ جرّب سلة' });
    await user.click(within(tester).getByRole('radio', { name: 'الإجمالي فقط' }));
    await user.type(within(tester).getByLabelText('إجمالي السلة (د.أ.)'), '2.5');
    await user.click(within(tester).getByRole('button', { name: 'تجربة' }));
    const answer = await screen.findByRole('region', { name: 'النتيجة' });
    expect(within(answer).getByRole('status').textContent).toBe('ليس في هذا اليوم من الأسبوع: اليوم الخميس، والعرض يسري أيام الجمعة.');
    expect(within(answer).getByText('لا ينطبق')).toBeTruthy();
  });

  it("says in Arabic what the builder's own check and the shared schema refuse", async () => {
    const { requests } = mockFetch({ ...session('admin'), ...catalogueReaders(), ...locationsReader });
    renderRoutes(routes('stub'), '/promotions/new');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'عرض جديد' });
    await user.type(within(form).getByLabelText('الاسم'), 'Juice');
    const percent = within(form).getByLabelText('نسبة الخصم (%)');
    await user.type(percent, '150');
    await user.click(within(form).getByRole('button', { name: 'إضافة قاعدة' }));
    const card = within(form).getByRole('region', { name: 'القاعدة 1' });
    await user.click(within(card).getByRole('button', { name: 'إضافة شرط إلى القاعدة 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'الفئات' }));
    await user.click(within(form).getByRole('button', { name: 'إنشاء العرض' }));
    expect(await within(card).findByText('اختر فئة واحدة على الأقل، أو احذف هذا الشرط')).toBeTruthy();
    await waitFor(() => expect(percent.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(percent.getAttribute('aria-describedby')!)!.textContent).toBe('النسبة المئوية أكبر من صفر ولا تزيد عن 100');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

