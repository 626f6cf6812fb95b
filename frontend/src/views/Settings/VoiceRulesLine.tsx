import { api, type VoiceRules } from '../../api';
import { useAsync } from '../../components/useAsync';

/** The one-line text for the active voice rule source. */
export function voiceRulesText(r: Pick<VoiceRules, 'kind' | 'describe' | 'warnings'>): string {
  const what = r.kind === 'vale' ? `${r.describe}, from the workspace's Vale configuration` : `${r.describe || 'guidelines.md'}`;
  const notRun = r.warnings?.length ? ` ${r.warnings.length} part(s) of it are not run (see the lint output).` : '';
  return `Voice rules: ${what}.${notRun}`;
}

/** Read-only: says which rules the voice check uses; edit the files to change it. */
export function VoiceRulesLine() {
  const rules = useAsync(() => api.voice.getVoiceRules());
  if (rules.error) {
    return (
      <p className="muted" role="alert" data-testid="voice-rules">
        Voice rules could not be read: {rules.error.message}
      </p>
    );
  }
  if (!rules.data) return null;
  return (
    <p className="muted" data-testid="voice-rules" data-kind={rules.data.kind} title={rules.data.path}>
      {voiceRulesText(rules.data)}
    </p>
  );
}
