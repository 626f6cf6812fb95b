import { describe, expect, it } from 'vitest';
import { padBlock } from './paste';
import { progressText } from './RunControls';

describe('padBlock: pasted blocks stay blocks', () => {
  const md = '# Launch notes\n\nTallyhub Go ships today.\n';
  it.each([
    ['into an empty draft', '', '', '# Launch notes\n\nTallyhub Go ships today.'],
    ['after a line', 'Intro line.', '', '\n\n# Launch notes\n\nTallyhub Go ships today.'],
    ['after one newline', 'Intro line.\n', '', '\n# Launch notes\n\nTallyhub Go ships today.'],
    ['after a paragraph', 'Intro.\n\n', '', '# Launch notes\n\nTallyhub Go ships today.'],
    ['inside a line', 'Intro ', ' outro', '\n\n# Launch notes\n\nTallyhub Go ships today.\n\n'],
    ['before a paragraph', '', '\n\nNext.', '# Launch notes\n\nTallyhub Go ships today.'],
  ])('%s', (_n, before, after, want) => expect(padBlock(before, md, after)).toBe(want));
  it('leaves an inline snippet inline', () => expect(padBlock('We ', '**really** ship\n', ' today.')).toBe('**really** ship'));
});

describe('progressText', () => {
  const job = { id: 'check-1', stage: 'searching', done: 12, total: 40, message: 'searching the corpus', startedAt: 1000 };
  it.each([
    ['a count when the job gives one', job, 4500, 'Checking · searching the corpus 12/40 · 3 s'],
    ['no count without a total', { ...job, total: 0, done: 0, message: 'checking voice & tone' }, 1000, 'Checking · checking voice & tone · 0 s'],
    ['minutes', job, 1000 + 125_000, 'Checking · searching the corpus 12/40 · 2 min 5 s'],
  ])('%s', (_n, j, now, want) => expect(progressText(j, now)).toBe(want));
});
