import { Bar, CartesianGrid, Cell, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export interface BalancePoint {
  label: string;
  closing: number;
  net: number;
  closingText: string;
  netText: string;
}

const BALANCE = '#3E63DD';
const IN = '#48BB78';
const OUT = '#F56565';

/** Loaded on demand: recharts stays out of every other screen. Mirrored in Arabic (time runs right to left). */
export default function BalanceChart({ points, label, balanceLabel, netLabel, currency }: { points: BalancePoint[]; label: string; balanceLabel: string; netLabel: string; currency: string }) {
  const rtl = currentLanguage() === 'ar';
  return (
    <div className="chart-box" role="img" aria-label={label} style={{ height: 300 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} fontSize={12} minTickGap={12} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={72} fontSize={12} />
          <Tooltip
            formatter={(_value, name, item) => {
              const point = item.payload as BalancePoint;
              return [formatMoney(name === balanceLabel ? point.closingText : point.netText, currency), name];
            }}
          />
          <Legend verticalAlign="bottom" />
          <Bar dataKey="net" name={netLabel} fill={IN} radius={[3, 3, 0, 0]} isAnimationActive={false}>
            {/* Each bar green when money came in on balance, red when it went out. */}
            {points.map((p, i) => (
              <Cell key={i} fill={p.net < 0 ? OUT : IN} />
            ))}
          </Bar>
          <Line dataKey="closing" name={balanceLabel} stroke={BALANCE} strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
