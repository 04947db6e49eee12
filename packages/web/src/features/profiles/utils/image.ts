/** The profile picture's limits, as the server checks them (PUT /api/profile/image). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a file cannot be the picture (a catalog key), or null when it can be uploaded. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'profile.image.wrongType';
  if (file.size === 0) return 'profile.image.empty';
  if (file.size > MAX_IMAGE_BYTES) return 'profile.image.tooLarge';
  return null;
}
