import type { WorkspaceSummary } from '../api';

/** What choosing a folder does, whatever chose the current one. */
export const CHOOSE_EFFECT = 'Choosing a folder switches to it now and saves it as the corpus folder in Settings.';

const LAUNCH: Record<string, string> = { flag: '--corpus', env: '$CONTINUITY_CORPUS' };

/**
 * Says which choice of workspace is in force: a launch choice (--corpus or
 * $CONTINUITY_CORPUS) outranks the saved corpus folder until a folder is
 * chosen in the app, so the view must say when the saved one is not used.
 */
export function workspaceSourceText(w: Pick<WorkspaceSummary, 'source' | 'saved_dir'>): { inForce: string; saved?: string; effect: string } {
  const launch = LAUNCH[w.source];
  if (launch) {
    return {
      inForce: `This window's workspace comes from ${launch}, given when Continuity was started.`,
      saved: w.saved_dir ? `The corpus folder saved in Settings (${w.saved_dir}) is not in force.` : 'No corpus folder is saved in Settings.',
      effect: `${CHOOSE_EFFECT} It then replaces ${launch} for the rest of this session.`,
    };
  }
  if (w.source === 'sample') {
    return { inForce: 'The bundled sample workspace is in force: no corpus folder is saved in Settings.', effect: CHOOSE_EFFECT };
  }
  return { inForce: 'The corpus folder saved in Settings is in force.', effect: CHOOSE_EFFECT };
}

/** Sets the flag or variable name as code that never breaks at its dashes. */
function named(text: string, name: string | undefined) {
  if (!name) return text;
  return text.split(name).flatMap((part, i) => (i === 0 ? [part] : [<code key={i} className="nowrap">{name}</code>, part]));
}

export function WorkspaceSource({ workspace }: { workspace: Pick<WorkspaceSummary, 'source' | 'saved_dir'> }) {
  const t = workspaceSourceText(workspace);
  const launch = LAUNCH[workspace.source];
  return (
    <p className={`banner ${launch ? 'banner-warn' : 'banner-info'}`} data-testid="workspace-source" data-source={workspace.source}>
      <span>
        {named(t.inForce, launch)} {t.saved && <strong>{t.saved}</strong>} {named(t.effect, launch)}
      </span>
    </p>
  );
}
