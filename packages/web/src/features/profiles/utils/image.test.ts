import { describe, expect, it } from 'vitest';
import { imageProblem, MAX_IMAGE_BYTES } from './image';

describe('the profile picture check', () => {
  it('takes PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(imageProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('names what is wrong: the type, an empty file, or the size', () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('profile.image.wrongType');
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toBe('profile.image.wrongType');
    expect(imageProblem({ type: 'image/png', size: 0 })).toBe('profile.image.empty');
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('profile.image.tooLarge');
  });
});
