import type { AuthUser } from '@dosedot/domain';
import type { User } from '../../db/types';

const iso = (ms: number) => new Date(ms).toISOString();

/** The user as the API shows it (Strapi's fields plus meta), never the raw row. */
export function presentUser(user: User, healthData: boolean): AuthUser {
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
    meta: { role: user.role, healthData },
  };
}
