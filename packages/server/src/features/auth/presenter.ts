import type { AuthUser } from '@dosedot/domain';
import type { User } from '../../db/types';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The user as the API shows it (Strapi's fields plus meta), never the raw row. `requireAdmin2fa`
 * is the REQUIRE_ADMIN_2FA setting (decision 0008).
 */
export function presentUser(user: User, healthData: boolean, requireAdmin2fa = false): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    provider: 'local',
    confirmed: user.confirmed === 1,
    blocked: user.blocked === 1,
    profile_img: user.profile_img,
    createdAt: iso(user.created_at),
    updatedAt: iso(user.updated_at),
    meta: {
      role: user.role,
      healthData,
      twoFactor: user.two_factor === 1,
      twoFactorSetupRequired: requireAdmin2fa && user.role === 'admin' && user.two_factor !== 1,
    },
  };
}
