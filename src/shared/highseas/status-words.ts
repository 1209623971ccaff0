import type { ParticipantStatus } from './types'

/** A High Seas ship's state in a GM's (and the players') words. */
export const STATUS_LABELS: Record<ParticipantStatus, string> = {
  active: 'Fighting',
  escaped: 'Escaped',
  lostContact: 'Lost contact',
  sinking: 'Sinking',
  sunk: 'Sunk',
  struck: 'Struck',
  destroyed: 'Destroyed',
  surrendered: 'Surrendered'
}
