import type { PosSession, PosShiftReport, PosTerminal } from '@daftar/shared/schemas/pos';
import { API } from '../../products/testing/fixtures';

export { API, ORG, prepareScreens, session } from '../../products/testing/fixtures';
export { location } from '../../inventory/testing/fixtures';

export const POS = `${API}/pos`;

export function terminal(overrides: Partial<PosTerminal> = {}): PosTerminal {
  return {
    id: 'term-1',
    name: 'Front counter',
    location_id: 'main',
    cash_account_id: 'acc-cash',
    receipt_prefix: 'T1',
    receipt_header: null,
    receipt_footer: null,
    max_cashier_discount_percent: 10,
    is_active: true,
    current_session_id: null,
    last_number: 0,
    last_sale_at: null,
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}

const tender = (sales: string, refunds: string, net: string, count: number) => ({ sales, refunds, net, count });

/** An open shift's running totals: 12 sales and a return, float 20.000, cash and card taken. */
export function xReport(overrides: Partial<PosShiftReport> = {}): PosShiftReport {
  return {
    sales_count: 12,
    returns_count: 1,
    items_sold: '31',
    net_sales: '62.500',
    tax: '10.000',
    discounts: '1.250',
    gross_sales: '72.500',
    refunds: '4.000',
    tenders: {
      cash: tender('36.500', '4.000', '32.500', 8),
      card: tender('30.000', '0', '30.000', 3),
      cliq: tender('6.000', '0', '6.000', 1),
      store_credit: tender('0', '0', '0', 0),
      on_account: tender('0', '0', '0', 0),
      gift_card: tender('0', '0', '0', 0),
    },
    expected: { cash: '52.500', card: '30.000', cliq: '6.000' },
    counted: null,
    difference: null,
    ...overrides,
  };
}

export function shift(overrides: Partial<PosSession> = {}): PosSession {
  return {
    id: 'sess-1',
    terminal_id: 'term-1',
    terminal_name: 'Front counter',
    cashier_id: 'u1',
    cashier_name: 'Rami Saleh',
    status: 'open',
    opening_float: '20.000',
    opened_at: '2026-11-26T07:00:00Z',
    closed_at: null,
    note: null,
    close_entry_id: null,
    report: xReport(),
    ...overrides,
  };
}

/** The same shift closed: cash counted 0.500 short, card as expected, CliQ not counted. */
export function closedShift(): PosSession {
  return shift({
    status: 'closed',
    closed_at: '2026-11-26T15:00:00Z',
    close_entry_id: 'je-40',
    report: xReport({
      counted: { cash: '52.000', card: '30.000', cliq: null },
      difference: { cash: '-0.500', card: '0.000', cliq: null },
    }),
  });
}
