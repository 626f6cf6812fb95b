/** One run of words in an answer diff: kept by both, only in the baseline, or only in this run. */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Words and the whitespace after them, so joining the parts gives the text back. */
function tokens(s: string): string[] {
  return s.match(/\S+\s*|\s+/g) ?? [];
}

/** How a word compares: case and punctuation folded, as the backend's answer_changed folds them. */
const fold = (w: string) => w.toLowerCase().replace(/['’‘ʼ]/g, '').replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();

/**
 * A word diff of two answers (longest common subsequence over words). Each side's parts join back to
 * its own text; words equal once folded count as the same and show as this run wrote them.
 */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
  const a = tokens(before);
  const b = tokens(after);
  const fa = a.map(fold);
  const fb = b.map(fold);
  // lcs[i][j] = length of the LCS of a[i:] and b[j:]
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = fa[i] === fb[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  const push = (side: DiffPart[], kind: DiffPart['kind'], text: string) => {
    const last = side[side.length - 1];
    if (last && last.kind === kind) last.text += text;
    else side.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && fa[i] === fb[j]) {
      push(left, 'same', a[i++]);
      push(right, 'same', b[j++]);
    } else if (j < b.length && (i >= a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      push(right, 'added', b[j++]);
    } else {
      push(left, 'removed', a[i++]);
    }
  }
  return { before: left, after: right };
}

/** Counts of words removed and added. */
export function diffCounts(d: { before: DiffPart[]; after: DiffPart[] }) {
  const words = (parts: DiffPart[], kind: DiffPart['kind']) =>
    parts.filter((p) => p.kind === kind).reduce((n, p) => n + (p.text.match(/\S+/g)?.length ?? 0), 0);
  return { removed: words(d.before, 'removed'), added: words(d.after, 'added') };
}
