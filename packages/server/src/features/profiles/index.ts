/**
 * What other features use of a profile: its look-ups (by id, by user, by the box it holds), its
 * time zone and language, the patient behind a selector (the door); a new user's profile, its type
 * and its box.
 * Everything else in this folder is the profile's own.
 */
export {
  findPatient,
  findProfileById,
  findProfileByUser,
  holderOfSensor,
  insertProfile,
  type PatientKey,
  type PatientRow,
  type ProfileRef,
  patientNow,
  profileClock,
  profileLanguage,
  setProfileSensor,
  setProfileType,
} from './queries';
export { createProfileService } from './service';
