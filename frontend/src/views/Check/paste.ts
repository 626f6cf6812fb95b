// Rich paste: the Markdown of pasted HTML goes in at the caret as blocks
// of their own, so a pasted heading never runs into the paragraph it lands
// in ("…end of line# Heading").

/** True when md holds more than one paragraph or starts a block (a heading, list, quote or fence). */
export function isBlock(md: string): boolean {
  return /\n\s*\n/.test(md.trim()) || /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>|```)/.test(md.trimStart());
}

/** md padded with blank lines where the text around the caret needs them. */
export function padBlock(before: string, md: string, after: string): string {
  const body = md.replace(/^\n+/, '').replace(/\n+$/, '');
  if (!isBlock(body)) return body;
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const tail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return lead + body + tail;
}
