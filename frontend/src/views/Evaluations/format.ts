/** Display helpers for scorecard numbers (never colour-only; see ux-notes §0). */
export const fmt = (v?: number | null, digits = 3) => (v === undefined || v === null ? '—' : v.toFixed(digits));

export const signed = (v?: number | null, digits = 3) =>
  v === undefined || v === null ? '' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(digits)}`;

export const metricLabel = (m: string) =>
  ({
    faithfulness: 'Faithfulness',
    answer_relevancy: 'Answer relevancy',
    context_precision: 'Context precision',
    context_recall: 'Context recall',
    id_context_recall: 'ID context recall',
    id_context_precision: 'ID context precision',
    supporting_line_recall: 'Supporting-line recall',
    refusal_correctness: 'Refusal correctness',
  })[m] ?? m;

export const statusWord = (s: string) =>
  ({ pass: 'Pass', fail: 'Fail', not_measured: 'Not measured', not_gated: 'No threshold', error: 'Error' })[s] ?? s;
