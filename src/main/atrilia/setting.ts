/**
 * The Atrilia setting (seed 002 "Naval Rules" in a campaign; issue 18), loaded as one. Its shipyard
 * (shipyard.ts: the catalogue quote and commissioning in dinars), its ships' people (crew.ts: sailors,
 * marines, wizards, nation, crew quality and the after-battle change), the monthly upkeep in dinars
 * (upkeep.ts: wages and food, clock step order 105) and the ship sheet (sheet.ts).
 * Ships on the stocks are launched by the clock's ship launch step (order 300), which serves every
 * setting; Théah's upkeep, careening and days counted pass Atrilian ships by (upkeep.ts `THEAH_SHIP`).
 */
import './shipyard'
import './crew'
import './upkeep'
import './sheet'
import './repairs'
