import type { SettingsData } from '../../api';

type RateField = 'requests_per_minute' | 'tokens_per_minute' | 'max_concurrency';

const fields: { key: RateField; label: string; placeholder: string }[] = [
  { key: 'requests_per_minute', label: 'Requests per minute', placeholder: 'not set' },
  { key: 'tokens_per_minute', label: 'Tokens per minute', placeholder: 'not set' },
  { key: 'max_concurrency', label: 'Requests at once', placeholder: 'automatic' },
];

// rateValue maps the input onto the saved number: empty is 0 (not set,
// or automatic). Anything else goes to the backend as typed, so a
// negative or oversized number gets the backend's error naming the field
// rather than a silent correction here; text that is no number becomes
// -1 for the same reason (NaN would travel as null and save as 0).
export function rateValue(text: string): number {
  const t = text.trim();
  if (t === '') return 0;
  const n = Number(t);
  return Number.isFinite(n) ? Math.trunc(n) : -1;
}

// The budgets are the provider's limits for the account (its rate-limit
// page); the client paces calls to stay inside them, and 0 shows as an
// empty field so "not set" and "automatic" read as words, not numbers.
export function RateLimitPanel({
  form,
  set,
}: {
  form: SettingsData;
  set: (k: RateField, v: number) => void;
}) {
  return (
    <fieldset aria-labelledby="rate-title">
      <legend id="rate-title">Rate limits</legend>
      <p className="muted">
        Your provider&apos;s limits for this account. Requests wait for the budget instead of being refused;
        the server&apos;s own rate-limit replies pause them either way. Requests at once left empty is automatic:
        16, or what the requests-per-minute budget allows.
      </p>
      <div className="grid3">
        {fields.map((f) => (
          <label className="field" key={f.key}>
            <span>{f.label}</span>
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              placeholder={f.placeholder}
              value={form[f.key] ? String(form[f.key]) : ''}
              onChange={(e) => set(f.key, rateValue(e.target.value))}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
