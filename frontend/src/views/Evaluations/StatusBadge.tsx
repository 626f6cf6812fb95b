import { AlertTriangle, Check, Info, Minus, X } from 'lucide-react';
import { statusWord } from './format';

/** Pass / Fail / Not measured / Error: icon + word + colour, never colour alone. */
export function StatusBadge({ status }: { status: string }) {
  const Icon = { pass: Check, fail: X, not_measured: Minus, error: AlertTriangle }[status] ?? Info;
  return (
    <span className={`ev-badge ev-${status}`}>
      <Icon size={13} aria-hidden />
      {statusWord(status)}
    </span>
  );
}
