import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const testConnection = vi.fn();
const prices = vi.fn();
const savePrices = vi.fn();
const keyStatus = vi.fn();

vi.mock('../../api', () => ({
  api: {
    corpus: {
      summary: vi.fn().mockResolvedValue({ root: '/w', content_dir: '/w/content', documents: 1, drafts: [], has_guidelines: false, has_golden: false, id: 'ws-1', source: 'flag', saved_dir: '/saved' }),
    },
    voice: {
      getVoiceRules: vi.fn().mockResolvedValue({ kind: 'vale', path: '/w/.vale.ini', describe: '.vale.ini (Vale style Continuity, write-good)', warnings: ['/w/styles/S/R.yml:3: kind "sequence" is not supported'] }),
    },
    team: { status: vi.fn().mockResolvedValue({ connected: false, url: '', user: '', role: '', workspace: '', workspace_name: '', error: '', note: '' }) },
    settings: {
      get: vi.fn().mockResolvedValue({ engine: 'llm', base_url: 'http://localhost:11434/v1', models: { answer: 'llama3.1', judge: 'llama3.1', embedding: 'nomic-embed-text' }, corpus_dir: '', audit_log: false, timeout_seconds: 60, max_concurrency: 4, max_retries: 3, api_version: '' }),
      save: vi.fn().mockResolvedValue(undefined),
      keyStatus: (...a: unknown[]) => keyStatus(...a),
      testConnection: (...a: unknown[]) => testConnection(...a),
      prices: (...a: unknown[]) => prices(...a),
      savePrices: (...a: unknown[]) => savePrices(...a),
    },
  },
}));

import { SettingsView } from '.';
import { voiceRulesText } from './VoiceRulesLine';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  keyStatus.mockResolvedValue({ present: false, source: 'none', warning: '', host: '', sent_to_endpoint: false, endpoint: '' });
});
keyStatus.mockResolvedValue({ present: false, source: 'none', warning: '', host: '', sent_to_endpoint: false, endpoint: '' });

describe('Settings key panel', () => {
  const cases = [
    {
      name: 'key for the endpoint names its host and the endpoint',
      reply: { present: true, source: 'keyring', warning: '', host: 'api.openai.com', sent_to_endpoint: true, endpoint: 'https://api.openai.com/v1' },
      status: 'for api.openai.com',
      endpoint: 'Requests and the key go to https://api.openai.com/v1',
    },
    {
      name: 'key for another host is not sent and says so',
      reply: { present: true, source: 'keyring', warning: 'The saved key belongs to api.openai.com, so it is not sent to llm.example.', host: 'api.openai.com', sent_to_endpoint: false, endpoint: 'https://llm.example/v1' },
      status: 'belongs to api.openai.com',
      endpoint: 'Requests go to https://llm.example/v1',
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      keyStatus.mockResolvedValue(c.reply);
      render(<SettingsView />);
      await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain(c.status));
      expect(screen.getByTestId('key-endpoint').textContent).toContain(c.endpoint);
    });
  }
});

describe('Settings connection test', () => {
  const cases = [
    { name: 'success', reply: { ok: true, base_url: 'http://localhost:11434/v1', model: 'llama3.1', latency_ms: 840, message: 'Connected. llama3.1 answered in 0.8 seconds.', detail: '' }, want: ['Working', 'llama3.1', '0.84 s'] },
    { name: 'failure in words', reply: { ok: false, base_url: 'http://localhost:11434/v1', model: 'llama3.1', latency_ms: 0, message: 'Could not reach the server. Check the base URL and that the server (for example Ollama or LM Studio) is running.', detail: 'could not reach the model provider: dial tcp: connection refused' }, want: ['Not working', 'Could not reach the server', 'no answer', 'Technical details'] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      testConnection.mockResolvedValue(c.reply);
      render(<SettingsView />);
      fireEvent.click(await screen.findByText('Test connection'));
      const box = await screen.findByTestId('connection-result');
      for (const w of c.want) expect(box.textContent).toContain(w);
      expect(testConnection).toHaveBeenCalledTimes(1);
    });
  }
});

describe('Settings price table', () => {
  it('loads on open, edits and saves', async () => {
    prices.mockResolvedValue([{ model: 'gpt-4o-mini', input_per_mtok: 0.15, output_per_mtok: 0.6 }]);
    savePrices.mockResolvedValue(undefined);
    render(<SettingsView />);
    const summary = await screen.findByText(/Model prices/);
    expect(prices).not.toHaveBeenCalled();
    const details = summary.closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.change(await screen.findByLabelText('Input price 1'), { target: { value: '0.2' } });
    fireEvent.click(screen.getByText('Save prices'));
    await waitFor(() => expect(savePrices).toHaveBeenCalledWith([{ model: 'gpt-4o-mini', input_per_mtok: 0.2, output_per_mtok: 0.6 }]));
    expect(await screen.findByText('Prices saved.')).toBeTruthy();
  });
});

describe('Settings voice rules line', () => {
  it('says the workspace uses its Vale configuration and that parts of it are not run', async () => {
    render(<SettingsView />);
    await waitFor(() => expect(screen.getByTestId('voice-rules').textContent).toContain('Voice rules: .vale.ini (Vale style Continuity, write-good)'));
    expect(screen.getByTestId('voice-rules').textContent).toContain('1 part(s) of it are not run');
  });
});


describe('voiceRulesText', () => {
  const cases = [
    { name: 'guidelines.md', rules: { kind: 'guidelines', describe: 'guidelines.md', warnings: [] }, want: 'Voice rules: guidelines.md.' },
    { name: 'Vale, all run', rules: { kind: 'vale', describe: '.vale.ini (Vale style Microsoft)', warnings: [] }, want: "Voice rules: .vale.ini (Vale style Microsoft), from the workspace's Vale configuration." },
  ];
  for (const c of cases) {
    it(c.name, () => expect(voiceRulesText(c.rules)).toBe(c.want));
  }
});
