// The web app's door: a team member pastes the API token an admin gave
// them once; the server answers with a session cookie the page never sees.
import { KeyRound, LogOut } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { onSignedOut, webSession } from '../../api';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useStore } from '../../stores/store';
import { webSessionStore } from '../../stores/webSession';
import './signin.css';

export function SignInGate({ children }: { children: ReactNode }) {
  const session = useStore(webSessionStore);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    webSession.current().then(
      (s) => (webSessionStore.set(s), setChecked(true)),
      (e: Error) => (setError(e), setChecked(true)),
    );
    return onSignedOut(() => webSessionStore.set(null));
  }, []);
  if (!checked) return <p className="signin-wait">Connecting to the team server…</p>;
  if (session) return <>{children}</>;
  return <SignIn error={error} />;
}

function SignIn({ error: first }: { error: Error | null }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(first);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      webSessionStore.set(await webSession.signIn(token));
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="signin">
      <form className="panel signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title" className="panel-title">
          <KeyRound size={18} aria-hidden /> Sign in to the team server
        </h1>
        <p className="muted">
          Paste the API token your admin gave you (it starts with <code>ctn_</code>). The browser keeps a session for 12 hours;
          the token itself is not stored.
        </p>
        {error && <ErrorBanner error={error} />}
        <label className="field">
          <span>API token</span>
          <input type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} required />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || !token.trim()}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

/** The sidebar's line of who is signed in, with a way out. */
export function SignedInAs() {
  const session = useStore(webSessionStore);
  const [error, setError] = useState('');
  if (!session) return null;
  const out = () =>
    webSession.signOut().then(
      () => webSessionStore.set(null),
      (e: Error) => setError(e.message),
    );
  return (
    <div className="signed-in" data-testid="signed-in">
      <span>
        {session.user.name} <span className="signed-in-role">({session.user.role})</span>
      </span>
      <button type="button" className="btn btn-small" onClick={out}>
        <LogOut size={14} aria-hidden /> Sign out
      </button>
      {error && <span role="alert">{error}</span>}
      <span className="signed-in-note">Team server: checks, triage, golden sets and evaluations. The corpus, guidelines and workbook files stay in the desktop app.</span>
    </div>
  );
}
