/**
 * What other features use of a profile: its look-ups (by id, by user, by the box it holds), its
 * time zone and language, the patient behind a selector (the door), and setting its box.
 * Everything else in this folder is the profile's own.
 */
export {
  findPatient,
  findProfileById,
  findProfileByUser,
  holderOfSensor,
  type PatientKey,
  type PatientRow,
  type ProfileRef,
  profileLanguage,
  profileTimezone,
  setProfileSensor,
} from './queries';
