/**
 * What other features use of the caregivers: whether a user cares for a patient now (the door), and
 * a patient's caregivers (the missed-dose alerts). Routes are not here: app.ts composes them.
 */
export { activeCaregiversOf, activeGrant } from './queries';
