export {
  addDays,
  DAY_MS,
  dateOfDayNumber,
  dayNumberOf,
  eachDate,
  isIsoDate,
  isoWeekOf,
  monthOf,
  requireDayNumber,
} from './dates';
export { instantToWall, localDateOf, localToUtc, toLocalIso, wallToInstant } from './local';
export { fromApiDosageTime, msOfDay, parseWallTime, toApiDosageTime, type WallTime } from './wall-time';
export { clearZoneCache, isKnownZone, offsetMinutes } from './zone';
