import { describe, expect, it } from 'vitest';
import { asksToKeepContent } from './template-start.ts';

describe('asksToKeepContent', () => {
  it('keeps the template content only when the prompt asks to keep or fill it', () => {
    for (const yes of ['Keep the sample slides of the template as they are', 'Fill in the template for Acme', 'Reuse its existing text and add a budget section', 'fill out the form fields', 'Please preserve the example sheets']) {
      expect(asksToKeepContent(yes), yes).toBe(true);
    }
    for (const no of ['Use our template to make a deck about the launch', 'A quarterly review in the company template', 'Keep it short', 'Update the budget numbers', '# Field report\n## Next steps\n- Keep the trail open']) {
      expect(asksToKeepContent(no), no).toBe(false);
    }
  });
});
