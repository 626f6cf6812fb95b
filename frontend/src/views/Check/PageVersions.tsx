import { History } from 'lucide-react';
import type { CheckClaim } from '../../api/check';

type Superseded = NonNullable<CheckClaim['superseded']>;

interface Props {
  /** What the page said before the change the claim still states. */
  superseded: Superseded;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-12T09:00:00+01:00" as "12 Mar 2026": the date as written, in no other time zone. */
export function changeDate(until: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(until);
  if (!m) return until;
  const month = months[Number(m[2]) - 1];
  return month ? `${Number(m[3])} ${month} ${m[1]}` : until;
}

// The two versions of a page a contradicted claim is caught between: what
// it said until the change (the claim's words) and what it says since,
// side by side with the date and the commit (the evidence below opens
// the page). Corpus text and commit
// messages are rendered as text, never as HTML.
export function PageVersions({ superseded: s }: Props) {
  const date = changeDate(s.until);
  return (
    <section className="page-versions" data-testid="superseded" aria-label={`What ${s.title || s.doc_id} said and says now`}>
      <p className="page-versions-head">
        <History size={13} aria-hidden /> <strong>{s.title || s.doc_id}</strong> changed on {date}
        {s.commit ? (
          <span className="muted small" data-testid="superseded-commit">
            {' '}
            (commit {s.commit.slice(0, 7)}
            {s.message ? `, “${s.message}”` : ''})
          </span>
        ) : null}
      </p>
      <div className="page-versions-grid">
        <figure className="page-version version-old">
          <figcaption className="version-label">Until {date}</figcaption>
          <blockquote className="evidence-text" data-testid="superseded-old">
            {s.text}
          </blockquote>
        </figure>
        <figure className="page-version version-now">
          <figcaption className="version-label">Since {date}</figcaption>
          <blockquote className="evidence-text" data-testid="superseded-now">
            {s.current}
          </blockquote>
        </figure>
      </div>
    </section>
  );
}
