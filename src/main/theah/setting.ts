/**
 * The Théah setting (seed 003 "High Seas Combat", I–III, VII, VIII), loaded as one: importing this
 * module loads every procedure, so each registers what it adds to the campaign core — its clock steps
 * (upkeep 100, careening 110, days counted 120, standing orders in port 200, crew repairs 210,
 * provisions at sea 220, ship launches 300, company allowances), the friendly-port rule, and the
 * voyage's "battle concluded" hook. The door's handlers import it before any command runs.
 */
import './shipyard'
import './ship-state'
import './crew'
import './upkeep'
import './repairs'
import './careening'
import './standing-orders'
import './voyages'
import './trade'
import './companies'
import './booty'
import './prizes'
