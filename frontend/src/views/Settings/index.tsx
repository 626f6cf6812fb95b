import { KeyRound, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api, type KeyStatus, type SettingsData } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useAsync } from '../../components/useAsync';
import { ViewHeader } from '../../components/ViewHeader';
import { WorkspaceSource } from '../../components/WorkspaceSource';
import { switchWorkspace } from '../Corpus/syncStore';
import { ConnectionPanel } from './ConnectionPanel';
import { IgnorePanel } from './IgnorePanel';
import { KeyPanel } from './KeyPanel';
import { PricePanel } from './PricePanel';
import { RateLimitPanel } from './RateLimitPanel';
import { TeamPanel } from './TeamPanel';
import { VoiceRulesLine } from './VoiceRulesLine';

export function SettingsView() {
  const loaded = useAsync(() => api.settings.get());
  const workspace = useAsync(() => api.corpus.summary());
  const [form, setForm] = useState<SettingsData>();
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<Error>();
  const [savedForm, setSavedForm] = useState<SettingsData>();
  useEffect(() => {
    if (loaded.data) {
      setForm(loaded.data);
      setSavedForm(loaded.data);
    }
  }, [loaded.data]);

  if (loaded.error) return <ErrorBanner error={loaded.error} onRetry={loaded.reload} />;
  if (!form) return <p className="muted">Loading settings…</p>;

  const set = <K extends keyof SettingsData>(k: K, v: SettingsData[K]) => setForm({ ...form, [k]: v } as SettingsData);
  const setModel = (role: 'answer' | 'judge' | 'embedding', v: string) =>
    setForm({ ...form, models: { ...form.models, [role]: v } } as SettingsData);
  const save = async () => {
    setError(undefined);
    setStatus(undefined);
    try {
      let next = form;
      let note = 'Settings saved.';
      // A new corpus folder is a workspace switch, as choosing one in Corpus
      // is: in force at once, with the index synced to it.
      if (form.corpus_dir !== savedForm?.corpus_dir) {
        const ws = await switchWorkspace(form.corpus_dir.trim(), workspace.reload);
        next = { ...form, corpus_dir: form.corpus_dir.trim() ? ws.root : '' } as SettingsData;
        note = `Settings saved. Switched to the workspace ${ws.root}; its index is syncing (see Corpus).`;
        workspace.reload();
      }
      await api.settings.save(next);
      setForm(next);
      setSavedForm(next);
      setStatus(note);
    } catch (e) {
      setError(e as Error);
    }
  };
  const llm = form.engine === 'llm';
  return (
    <section>
      <ViewHeader title="Settings" subtitle="Choose the engine that checks drafts and runs evaluations." />
      <VoiceRulesLine />
      {error && <ErrorBanner error={error} />}
      {status && (
        <p className="banner banner-ok" role="status">
          {status}
        </p>
      )}
      <form
        className="panel form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset>
          <legend>Engine</legend>
          <label className="radio">
            <input type="radio" name="engine" checked={!llm} onChange={() => set('engine', 'offline')} />
            <span>
              <strong>Offline</strong> — deterministic, runs on this computer, needs no key.
            </span>
          </label>
          <label className="radio">
            <input type="radio" name="engine" checked={llm} onChange={() => set('engine', 'llm')} />
            <span>
              <strong>OpenAI-compatible</strong> — OpenAI, Azure OpenAI, Ollama, LM Studio or vLLM.
            </span>
          </label>
        </fieldset>
        <label className="field">
          <span>Base URL</span>
          <input
            type="url"
            placeholder="https://api.openai.com/v1 (or $OPENAI_BASE_URL)"
            value={form.base_url}
            onChange={(e) => set('base_url', e.target.value)}
          />
        </label>
        <div className="grid3">
          {(['answer', 'judge', 'embedding'] as const).map((role) => (
            <label className="field" key={role}>
              <span>{role[0].toUpperCase() + role.slice(1)} model</span>
              <input value={form.models[role]} onChange={(e) => setModel(role, e.target.value)} />
            </label>
          ))}
        </div>
        <label className="field">
          <span>Azure api-version (only for classic Azure deployment addresses; leave empty otherwise)</span>
          <input
            placeholder="e.g. 2024-10-21"
            value={form.api_version ?? ''}
            onChange={(e) => set('api_version', e.target.value)}
          />
        </label>
        <RateLimitPanel form={form} set={set} />
        <label className="field">
          <span>Corpus folder (empty: the folder Continuity was started with, else the sample workspace)</span>
          <input value={form.corpus_dir} onChange={(e) => set('corpus_dir', e.target.value)} />
        </label>
        {workspace.data && <WorkspaceSource workspace={workspace.data} />}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.allow_insecure_http ?? false}
            onChange={(e) => set('allow_insecure_http', e.target.checked)}
          />
          <span>Allow plain http to another computer (unencrypted: the key and text can be read on the network)</span>
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.git_history ?? true}
            onChange={(e) => set('git_history', e.target.checked)}
          />
          <span>Import git history: in a workspace kept in git, remember what the pages said before each commit changed them</span>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={form.audit_log} onChange={(e) => set('audit_log', e.target.checked)} />
          <span>Keep an audit log of prompts and replies in the data folder</span>
        </label>
        <div>
          <button type="submit" className="btn btn-primary">
            <Save size={16} aria-hidden /> Save settings
          </button>
        </div>
      </form>
      <ConnectionPanel dirty={JSON.stringify(form) !== JSON.stringify(savedForm)} />
      <PricePanel />
      <TeamPanel />
      <IgnorePanel />
      {/* Remounted when the saved base URL changes: the key status is per host. */}
      <KeyPanel
        key={savedForm?.base_url ?? ''}
        onChange={(s: KeyStatus) => s.warning && setStatus(s.warning)}
        icon={<KeyRound size={16} aria-hidden />}
      />
    </section>
  );
}
