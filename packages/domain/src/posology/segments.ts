/*
 * The day segments of a posology (eMediplan's morning, noon, evening and night) and their default
 * times, in a module without schemas: the web's posology words use them on the dashboard, whose
 * first load then does without zod (issue 23 item 12; model.ts builds its schemas at load).
 */

export const DAY_SEGMENTS = ['morning', 'noon', 'evening', 'night'] as const;
export type DaySegment = (typeof DAY_SEGMENTS)[number];

/** The patient's wall-clock time for each day segment, 'HH:MM'. */
export type SegmentTimes = Readonly<Record<DaySegment, string>>;

/** eMediplan's printed columns: Morning (08:00), Noon (12:00), Evening (18:00), Night (22:00). */
export const DEFAULT_SEGMENT_TIMES: SegmentTimes = {
  morning: '08:00',
  noon: '12:00',
  evening: '18:00',
  night: '22:00',
};
