/*
 * Where tracking starts (issue 23 item 3). A start date in the past must not fill the plan with
 * 'Missed': DoseDot could not have seen a press for a dose scheduled before the medicine was entered
 * (its created_at), nor before the patient's box became theirs (the start of their first box
 * assignment). So the later of the two is where tracking starts; a dose before it is 'not tracked'
 * (band.ts `doseStatus`): not missed and not due, unless a press matches it or the patient back-fills
 * it by hand (then it counts as confirmed by hand). A patient who never had a box is tracked from the
 * medicine's entry: only a confirmation by hand can take such a dose, which is what they do.
 *
 * Both are instants, so a DST change between them and a dose moves nothing: the dose's own instant
 * (instances.ts, in the patient's zone) is compared with the instant tracking starts.
 */

/** The instant tracking of a medicine starts: the later of its entry and the box's assignment, if any. */
export const trackingStart = (enteredAt: number, boxAssignedAt: number | null): number =>
  boxAssignedAt === null ? enteredAt : Math.max(enteredAt, boxAssignedAt);
