import { describe, expect, it } from 'vitest';
import { analyzeSentiment, labelFor, splitSentences } from './sentiment.js';

describe('sentiment analyzer', () => {
  it('scores each sentence with AFINN, flips a negated word and labels by the comparative score', () => {
    // love +3; "not good" -3; terrible -3, support +2: -1 over 12 words.
    expect(analyzeSentiment('I love this product. It is not good at all!\nTerrible support.')).toEqual({
      // coverage 4/12 over 0.2 -> 1; strength (1/12) / 0.5; 0.1 + 0.85 x (0.5 + 0.5 x 1/6) = 0.5958.
      confidence: 0.596,
      results: {
        label: 'negative',
        score: -1,
        comparative: -0.08333333333,
        wordCount: 12,
        knownWordCount: 4,
        sentenceCount: 3,
        sentences: [
          { index: 0, text: 'I love this product.', score: 3, comparative: 0.75, label: 'positive' },
          { index: 1, text: 'It is not good at all!', score: -3, comparative: -0.5, label: 'negative' },
          { index: 2, text: 'Terrible support.', score: -1, comparative: -0.5, label: 'negative' },
        ],
        positiveTerms: [
          { term: 'love', score: 3, count: 1 },
          { term: 'support', score: 2, count: 1 },
        ],
        negativeTerms: [
          { term: 'good', score: -3, count: 1 },
          { term: 'terrible', score: -3, count: 1 },
        ],
        threshold: 0.05,
      },
    });
  });

  it('adds up repeated terms and ranks the strongest first', () => {
    const { results, confidence } = analyzeSentiment(
      'Great, great work. The outcome was a disaster. Happy team.',
    );
    // great +3 twice, disaster -2, happy +3: 7 over 10 words.
    expect(results).toMatchObject({ label: 'positive', score: 7, comparative: 0.7, knownWordCount: 4 });
    expect(results.positiveTerms).toEqual([
      { term: 'great', score: 6, count: 2 },
      { term: 'happy', score: 3, count: 1 },
    ]);
    expect(results.negativeTerms).toEqual([{ term: 'disaster', score: -2, count: 1 }]);
    // Full coverage and full strength: the 0.95 cap.
    expect(confidence).toBe(0.95);
  });

  it('calls a text the lexicon does not know neutral, with little confidence', () => {
    expect(analyzeSentiment('The meeting is on Tuesday in room four.')).toEqual({
      confidence: 0.1,
      results: expect.objectContaining({
        label: 'neutral',
        score: 0,
        comparative: 0,
        wordCount: 8,
        knownWordCount: 0,
        positiveTerms: [],
        negativeTerms: [],
      }),
    });
  });

  it('gives the same result for the same text, whatever ran before', () => {
    const text = 'Excellent response times, but the billing portal is awful.';
    const first = analyzeSentiment(text);
    analyzeSentiment('Horrible, terrible, awful day.');
    expect(analyzeSentiment(text)).toEqual(first);
  });

  it('labels at the stated thresholds and splits sentences at punctuation and line breaks', () => {
    expect([labelFor(0.05), labelFor(0.0499), labelFor(-0.05), labelFor(0)]).toEqual([
      'positive',
      'neutral',
      'negative',
      'neutral',
    ]);
    expect(splitSentences('One. Two!  Three?\n\nFour\n...')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });
});
