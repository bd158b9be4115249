import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatMoney } from '../../../lib/format';

export interface CategorySlice {
  key: string;
  name: string;
  value: number;
  /** The figure as the server gave it, for the tooltip. */
  amount: string;
  type: 'income' | 'expense';
}

/** SPEC §9 chart colours. */
export const CATEGORY_CHART_COLORS = { income: '#48BB78', expense: '#F56565' } as const;

/** Loaded on demand (its own chunk): recharts stays out of the rest of the reports screen. */
export default function CategoryChart({ slices, currency, label }: { slices: CategorySlice[]; currency: string; label: string }) {
  return (
    <div role="img" aria-label={label} style={{ width: '100%', height: 340 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 340 }}>
        <PieChart>
          <Pie data={slices} dataKey="value" nameKey="name" outerRadius="70%" isAnimationActive={false}>
            {slices.map((slice) => (
              <Cell key={slice.key} fill={CATEGORY_CHART_COLORS[slice.type]} stroke="var(--color-panel-solid)" />
            ))}
          </Pie>
          <Tooltip formatter={(_value, _name, item) => formatMoney((item.payload as CategorySlice).amount, currency)} />
          <Legend verticalAlign="bottom" />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
