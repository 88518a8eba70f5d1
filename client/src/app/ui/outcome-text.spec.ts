import { costPerResultText, meanText, sampleText, shareText, tooFewText } from './outcome-text';

describe('outcome texts', () => {
  it('writes shares, samples and means', () => {
    expect(shareText(0.456)).toBe('46%');
    expect(shareText(null)).toBe('—');
    expect(sampleText(1240)).toBe('n = 1,240');
    expect(tooFewText(3)).toBe('too few (n = 3)');
    expect(meanText(1.25)).toBe('1.3');
    expect(meanText(null)).toBe('—');
  });

  it('gives a cost per accepted result only from 5 results', () => {
    expect(costPerResultText(2.5, 5)).toBe('2.5 core-h');
    expect(costPerResultText(null, 4)).toBe('too few (n = 4)');
    expect(costPerResultText(null, 9)).toBe('—');
  });
});
