/** The campaign's pages, in sidebar order. Pages whose feature has not arrived say what will be there. */
export interface PageDef {
  key: string
  path: string
  label: string
  upcoming: boolean
  /** For pages still to come: what the GM will do there, and where its rules come from. */
  purpose?: string
  source?: string
}

export const PAGES: PageDef[] = [
  { key: 'dashboard', path: 'dashboard', label: 'Dashboard', upcoming: false },
  { key: 'people', path: 'people', label: 'People', upcoming: false },
  { key: 'fleet', path: 'fleet', label: 'Fleet', upcoming: false },
  { key: 'battles', path: 'battles', label: 'Battles', upcoming: false },
  { key: 'shipyard', path: 'shipyard', label: 'Shipyard', upcoming: false },
  { key: 'ports', path: 'ports', label: 'Ports', upcoming: false },
  { key: 'chart', path: 'chart', label: 'Chart', upcoming: false },
  { key: 'companies', path: 'companies', label: 'Companies', upcoming: false },
  { key: 'ledger', path: 'ledger', label: 'Ledger', upcoming: false },
  { key: 'log', path: 'log', label: 'Log', upcoming: false },
  { key: 'rules', path: 'rules', label: 'Rules', upcoming: false }
]
