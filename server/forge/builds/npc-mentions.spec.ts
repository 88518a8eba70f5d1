import { mentionedNames } from './npc-mentions';

describe('mentionedNames', () => {
  it('finds mentions in running text, once each, in order', () => {
    expect(mentionedNames('@npc-builder please, and @npc-tester; thanks @NPC-builder.')).toEqual([
      'npc-builder',
      'npc-tester',
    ]);
  });

  it('ignores quotes, code, lists and tables', () => {
    const text = [
      '> @quoted said so',
      '```',
      '@fenced',
      '```',
      'some `@span` here',
      '',
      '    @indented',
      '',
      '- @listed',
      '  @continued',
      '1. @numbered',
      '',
      '| who | why |',
      '| --- | --- |',
      '| @tabled | no |',
      '',
      'after all that, @counted',
    ].join('\n');
    expect(mentionedNames(text)).toEqual(['counted']);
  });

  it('ignores addresses and paths', () => {
    expect(mentionedNames('mail ops@npc-builder.io or see a/@npc-builder')).toEqual([]);
  });

  it('reads a mention at the start of a line and after punctuation', () => {
    expect(mentionedNames('@one\n(@two) "@three"')).toEqual(['one', 'two', 'three']);
  });
});
