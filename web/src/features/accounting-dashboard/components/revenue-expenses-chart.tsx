import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export interface ChartMonth {
  month: string;
  label: string;
  /** Major units for the bars' heights only; the labels are formatted from the exact text. */
  revenue: number;
  expenses: number;
  revenueText: string;
  expensesText: string;
}

/** SPEC §9 chart colours: income #48BB78, expense #F56565. */
const INCOME = '#48BB78';
const EXPENSE = '#F56565';

/** Loaded on demand: recharts stays out of every other screen. */
export default function RevenueExpensesChart({ months, label, revenueLabel, expensesLabel, currency }: { months: ChartMonth[]; label: string; revenueLabel: string; expensesLabel: string; currency: string }) {
  const rtl = currentLanguage() === 'ar';
  const texts = new Map(months.map((m) => [m.label, m]));
  return (
    <div className="chart-box" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} fontSize={12} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={64} fontSize={12} />
          <Tooltip
            formatter={(_value, name, item) => {
              const month = texts.get(String((item.payload as ChartMonth).label));
              const text = name === revenueLabel ? month?.revenueText : month?.expensesText;
              return [text ? formatMoney(text, currency) : '', name];
            }}
          />
          <Legend verticalAlign="bottom" />
          <Bar dataKey="revenue" name={revenueLabel} fill={INCOME} radius={[3, 3, 0, 0]} />
          <Bar dataKey="expenses" name={expensesLabel} fill={EXPENSE} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
