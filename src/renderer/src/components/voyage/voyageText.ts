import type { EncounterChoice, SpecialEventKind, VoyageLogEntry, VoyageStop } from '../../../../shared/commands'

export const STOP_LABELS: Record<VoyageStop, string> = {
  encounter: 'encounter',
  event: 'special event',
  battle: 'in battle',
  port: 'in a port of call',
  arrival: 'arrived',
  days: 'at sea',
  wrecked: 'wrecked',
  lost: 'lost'
}

export const CHOICE_LABELS: Record<EncounterChoice, string> = {
  pass: 'Let it pass',
  evade: 'Evade',
  parley: 'Parley',
  fight: 'Fight'
}
export const CHOICE_HINTS: Record<EncounterChoice, string> = {
  pass: 'Each goes her way; the voyage sails on.',
  evade: 'A chase on the battle board, with the battle engine’s chase rules.',
  parley: 'Speak with them: write what came of it.',
  fight: 'Open the battle board with these ships at the range chosen.'
}

export const EVENT_LABELS: Record<SpecialEventKind, string> = {
  becalmed: 'Becalmed',
  fog: 'Fog',
  disease: 'Shipboard disease',
  squalls: 'Squalls',
  wreck: 'Wreck',
  storm: 'Storm'
}

export const LOG_KIND: Record<VoyageLogEntry['kind'], { label: string; colour: string }> = {
  start: { label: 'Set sail', colour: '#1d4f6e' },
  day: { label: 'Day', colour: '#8f7a55' },
  check: { label: 'Check', colour: '#6d8796' },
  encounter: { label: 'Encounter', colour: '#a23b2c' },
  event: { label: 'Event', colour: '#7a5a1f' },
  battle: { label: 'Battle', colour: '#a23b2c' },
  choice: { label: 'Choice', colour: '#1d4f6e' },
  port: { label: 'Port of call', colour: '#3c7a4a' },
  arrival: { label: 'Arrival', colour: '#3c7a4a' },
  passengers: { label: 'Passengers', colour: '#3c7a4a' },
  ship: { label: 'Ship', colour: '#5c5142' },
  note: { label: 'Note', colour: '#5c5142' },
  end: { label: 'End', colour: '#13243a' }
}
