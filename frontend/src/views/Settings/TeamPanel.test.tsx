import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const none = { connected: false, url: '', user: '', role: '', workspace: '', workspace_name: '', error: '', note: '' };
const on = { ...none, connected: true, url: 'https://team.example', user: 'max', role: 'manager', workspace: 'ws-1', workspace_name: 'docs' };

vi.mock('../../api', () => ({
  api: { team: { status: vi.fn(), connect: vi.fn(), disconnect: vi.fn() } },
}));

import { api } from '../../api';
import { TeamPanel } from './TeamPanel';

afterEach(cleanup);

describe('Settings → Team server', () => {
  const cases = [
    { name: 'says everything is local when not connected', status: none, text: /are this computer’s own/ },
    { name: 'says where sets and runs come from when connected', status: on, text: /come from https:\/\/team\.example \(workspace docs\), as max \(manager\)/ },
    { name: 'says why a configured server is not used', status: { ...none, error: 'team server not reachable: https://team.example: connection refused' }, text: /is not used: team server not reachable/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      vi.mocked(api.team.status).mockResolvedValue(c.status);
      render(<TeamPanel />);
      expect(await screen.findByText(c.text)).toBeTruthy();
    });
  }

  it('connects with the address and token typed, and forgets the token field', async () => {
    vi.mocked(api.team.status).mockResolvedValue(none);
    vi.mocked(api.team.connect).mockResolvedValue(on);
    render(<TeamPanel />);
    fireEvent.change(await screen.findByLabelText('Server address'), { target: { value: 'https://team.example' } });
    fireEvent.change(screen.getByLabelText(/Your token/), { target: { value: 'ctn_abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect to the team server' }));
    expect(await screen.findByText(/as max \(manager\)/)).toBeTruthy();
    expect(api.team.connect).toHaveBeenCalledWith('https://team.example', 'ctn_abc');
  });
});
