import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsData } from '../../api';
import { RateLimitPanel, rateValue } from './RateLimitPanel';

afterEach(cleanup);

const base = {
  engine: 'llm', base_url: '', models: { answer: 'a', judge: 'j', embedding: 'e' }, corpus_dir: '', audit_log: false,
  timeout_seconds: 60, max_concurrency: 0, max_retries: 3, requests_per_minute: 0, tokens_per_minute: 0, api_version: '',
  allow_insecure_http: false,
} as unknown as SettingsData;

// Harness holds the form as the Settings view does and shows what it would save.
function Harness({ start }: { start: SettingsData }) {
  const [form, setForm] = useState(start);
  return (
    <>
      <RateLimitPanel form={form} set={(k, v) => setForm({ ...form, [k]: v } as SettingsData)} />
      <output data-testid="saved">{JSON.stringify(form)}</output>
    </>
  );
}

const saved = () => JSON.parse(screen.getByTestId('saved').textContent ?? '{}');

describe('RateLimitPanel', () => {
  it('shows unset budgets and automatic concurrency as words, not zeros', () => {
    render(<Harness start={base} />);
    for (const [label, placeholder] of [
      ['Requests per minute', 'not set'],
      ['Tokens per minute', 'not set'],
      ['Requests at once', 'automatic'],
    ]) {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      expect(input.value).toBe('');
      expect(input.placeholder).toBe(placeholder);
    }
  });

  it('shows saved values and edits them into the form', () => {
    render(<Harness start={{ ...base, requests_per_minute: 500, max_concurrency: 8 } as SettingsData} />);
    expect((screen.getByLabelText('Requests per minute') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Requests at once') as HTMLInputElement).value).toBe('8');
    fireEvent.change(screen.getByLabelText('Tokens per minute'), { target: { value: '200000' } });
    fireEvent.change(screen.getByLabelText('Requests at once'), { target: { value: '' } });
    expect(saved()).toMatchObject({ requests_per_minute: 500, tokens_per_minute: 200000, max_concurrency: 0 });
  });
});

describe('rateValue', () => {
  const cases = [
    { name: 'empty is not set', text: '', want: 0 },
    { name: 'blank is not set', text: '  ', want: 0 },
    { name: 'a number', text: '3500', want: 3500 },
    { name: 'a fraction is cut to whole calls', text: '12.7', want: 12 },
    { name: 'negative goes to the backend to be refused', text: '-5', want: -5 },
    { name: 'text is refused, not saved as 0', text: 'lots', want: -1 },
  ];
  for (const c of cases) {
    it(c.name, () => expect(rateValue(c.text)).toBe(c.want));
  }
});
