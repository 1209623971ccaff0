/**
 * Ordered schema migrations. Each has an id that sorts in order; the ids applied to a file are
 * recorded in `schema_migrations`. A file whose applied ids are not a prefix of this list was made
 * by a newer Quarterdeck (or a fork) and is refused rather than guessed at.
 *
 * Append only: never edit or reorder a migration that has shipped.
 */
export interface Migration {
  id: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_campaign',
    sql: `
      CREATE TABLE campaign (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        setting TEXT NOT NULL CHECK (setting IN ('theah', 'atrilia')),
        created_at TEXT NOT NULL
      );
      -- Every write command, in order: what ran, with what input, and whether it is undone.
      CREATE TABLE journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        command TEXT NOT NULL,
        input TEXT NOT NULL,
        summary TEXT NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        undoable INTEGER NOT NULL DEFAULT 1 CHECK (undoable IN (0, 1))
      );
      -- The inverse statements that undo (or, for undone entries, redo) each journal entry.
      CREATE TABLE undo_step (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        seq INTEGER NOT NULL REFERENCES journal(seq) ON DELETE CASCADE,
        sql TEXT NOT NULL
      );
      CREATE INDEX undo_step_seq ON undo_step(seq, id);
    `
  },
  {
    id: '0002_core',
    sql: `
      -- Campaign settings (dice mode, debt…), one JSON value per key.
      CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      -- The campaign's seeded generator: its whole state, so every roll replays.
      CREATE TABLE rng (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);
      -- The campaign clock, in days since day 0 of the calendar.
      CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), day INTEGER NOT NULL CHECK (day >= 0));
      INSERT INTO clock (id, day) VALUES (1, 0);
      -- Rule tables the GM edited (the others read their defaults).
      CREATE TABLE rule_table (name TEXT PRIMARY KEY, value TEXT NOT NULL, edited_day INTEGER NOT NULL);

      -- Whoever holds money: characters, companies, and the outside world (source and sink).
      CREATE TABLE owner (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('character', 'company', 'world')),
        name TEXT NOT NULL
      );
      INSERT INTO owner (id, kind, name) VALUES (1, 'world', 'The outside world');
      CREATE TABLE person (
        id INTEGER PRIMARY KEY,
        owner_id INTEGER NOT NULL UNIQUE REFERENCES owner(id),
        kind TEXT NOT NULL CHECK (kind IN ('pc', 'npc')),
        traits TEXT NOT NULL,
        knacks TEXT NOT NULL,
        hero_points_spent INTEGER NOT NULL DEFAULT 0 CHECK (hero_points_spent >= 0),
        notes TEXT NOT NULL DEFAULT ''
      );

      -- Double-entry ledger: a transaction's lines always sum to zero (checked by the code that writes them).
      CREATE TABLE ledger_tx (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        memo TEXT NOT NULL,
        command TEXT NOT NULL
      );
      CREATE INDEX ledger_tx_day ON ledger_tx(day, id);
      CREATE TABLE ledger_line (
        id INTEGER PRIMARY KEY,
        tx_id INTEGER NOT NULL REFERENCES ledger_tx(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES owner(id),
        account TEXT NOT NULL CHECK (account IN ('cash', 'shipFund')),
        amount INTEGER NOT NULL
      );
      CREATE INDEX ledger_line_owner ON ledger_line(owner_id, account, tx_id, amount);
      CREATE INDEX ledger_line_tx ON ledger_line(tx_id);
      CREATE INDEX ledger_line_owner_tx ON ledger_line(owner_id, tx_id);

      -- Every roll, generated or entered by hand, with what it was for.
      CREATE TABLE roll_log (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        kind TEXT NOT NULL,
        purpose TEXT NOT NULL,
        notation TEXT NOT NULL,
        faces TEXT NOT NULL,
        dice TEXT NOT NULL,
        kept TEXT NOT NULL,
        total INTEGER NOT NULL,
        manual INTEGER NOT NULL CHECK (manual IN (0, 1)),
        command TEXT NOT NULL
      );
      CREATE INDEX roll_log_kind ON roll_log(kind, id);

      -- What each periodic step of the clock did, day by day.
      CREATE TABLE clock_log (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        step TEXT NOT NULL,
        effects TEXT NOT NULL
      );
      CREATE INDEX clock_log_day ON clock_log(day, id);

      -- Anything with a due date, shown on the Dashboard.
      CREATE TABLE reminder (
        id INTEGER PRIMARY KEY,
        due_day INTEGER NOT NULL,
        title TEXT NOT NULL,
        link TEXT,
        source TEXT NOT NULL DEFAULT 'gm'
      );
      CREATE INDEX reminder_due ON reminder(due_day);
    `
  },
  {
    id: '0003_journal_indexes',
    sql: `
      -- Every write ends the redo chain (undone = 1) and retires entries past the undo depth
      -- (undoable = 1); redo looks for the oldest undone entry. Only the newest few hundred entries
      -- match either flag, so these partial indexes keep those statements from scanning the whole
      -- journal of a long campaign (years of play: hundreds of thousands of entries).
      CREATE INDEX journal_undone ON journal(seq) WHERE undone = 1;
      CREATE INDEX journal_undoable ON journal(seq) WHERE undoable = 1;
    `
  },
  {
    id: '0004_ships',
    sql: `
      -- Ships (seed 003, I. Of Ship Construction). The design is the GM's plain-data design as
      -- ordered (JSON); the current state (damage, guns lost, crew, powder, where it lies) is kept
      -- apart from it so that battles, repairs and careening change the state, never the design.
      CREATE TABLE ship (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        design TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('construction', 'port', 'sea', 'sold', 'scuttled', 'sunk')),
        origin TEXT NOT NULL CHECK (origin IN ('built', 'encounter', 'prize')),
        ordered_day INTEGER,
        launch_day INTEGER,
        -- What the ship cost when it was ordered (guilders), whatever the rule tables say later.
        cost INTEGER NOT NULL DEFAULT 0,
        hull_damage INTEGER NOT NULL DEFAULT 0 CHECK (hull_damage >= 0),
        rigging_damage INTEGER NOT NULL DEFAULT 0 CHECK (rigging_damage >= 0),
        guns_lost TEXT NOT NULL DEFAULT '{"port":0,"starboard":0,"chasers":0,"stern":0}',
        crew INTEGER NOT NULL DEFAULT 0 CHECK (crew >= 0),
        powder_tons REAL NOT NULL DEFAULT 0 CHECK (powder_tons >= 0),
        location TEXT
      );
      CREATE INDEX ship_launch ON ship(launch_day) WHERE status = 'construction';
      -- Who owns a ship, by whole-percent shares summing to 100 (joint owners, seed 003 I).
      -- The outside world (owner 1) owns prizes and NPC ships.
      CREATE TABLE ship_owner (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES owner(id),
        share INTEGER NOT NULL CHECK (share BETWEEN 1 AND 100),
        UNIQUE (ship_id, owner_id)
      );
      CREATE INDEX ship_owner_owner ON ship_owner(owner_id);
      -- A ship's history: ordered, launched, renamed, sold, scuttled… one line a day it happened.
      CREATE TABLE ship_event (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        text TEXT NOT NULL
      );
      CREATE INDEX ship_event_ship ON ship_event(ship_id, id);
    `
  },
  {
    id: '0005_battles',
    sql: `
      -- High Seas battles (seed 003, IV-VI). The setup (who fights, ranges, weather, seed) and every
      -- turn's full orders (AI orders filled in) and typed dice are the record: replaying them gives
      -- the state, which is kept as a cache. Pending holds the orders given for the next turn
      -- ({ships, melee, heroic}); designs the ShipDesign of each generated ship by participant id, so a
      -- captured one becomes a real prize ship; result the review lines applied when concluded.
      CREATE TABLE battle (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'concluded')),
        started_day INTEGER NOT NULL,
        concluded_day INTEGER,
        setup TEXT NOT NULL,
        state TEXT NOT NULL,
        pending TEXT NOT NULL DEFAULT '{"ships":{},"melee":[],"heroic":[]}',
        designs TEXT NOT NULL DEFAULT '{}',
        result TEXT
      );
      CREATE INDEX battle_status ON battle(status, id);
      -- One resolved turn: the orders every ship followed, the faces the GM typed (null: the
      -- battle's own generator rolled them all) and what happened.
      CREATE TABLE battle_turn (
        id INTEGER PRIMARY KEY,
        battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,
        turn INTEGER NOT NULL,
        orders TEXT NOT NULL,
        dice TEXT,
        report TEXT NOT NULL,
        UNIQUE (battle_id, turn)
      );
    `
  },
  {
    id: '0006_crew_ports',
    sql: `
      -- Ports (issue 6): where ships lie and what they can do there. friendly_to is JSON
      -- {"owners": [owner ids], "nations": [names]}; a port is also friendly to ships of its own
      -- nation, and a pirate haven to pirates and privateers.
      CREATE TABLE port (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        nation TEXT NOT NULL DEFAULT '',
        major INTEGER NOT NULL DEFAULT 0 CHECK (major IN (0, 1)),
        colonial INTEGER NOT NULL DEFAULT 0 CHECK (colonial IN (0, 1)),
        friendly_to TEXT NOT NULL DEFAULT '{"owners":[],"nations":[]}',
        pirate_haven INTEGER NOT NULL DEFAULT 0 CHECK (pirate_haven IN (0, 1)),
        notes TEXT NOT NULL DEFAULT ''
      );
      -- A ship's company and upkeep (seed 003, I.2 Crew; maintenance, repairs, careening). One row
      -- per ship, made on the first write that needs it (a ship without one reads the defaults).
      -- ship.crew stays the number of hands aboard (sailors, gun crews and marines; named officers
      -- apart); marines are counted here. provisions: crew-weeks of food aboard. careened_day: the
      -- last careening (none: the launch). unrepairable_hull: hull damage from a missed careening;
      -- hull_seen / hull_port_only: the repairable hull damage last accounted for, and the part of
      -- it only a friendly port can repair. owed: wages and food owed to the crew (pirates and
      -- privateers: paid from the next booty; merchantmen: what the owners could not pay).
      CREATE TABLE ship_company (
        ship_id INTEGER PRIMARY KEY REFERENCES ship(id) ON DELETE CASCADE,
        kind TEXT NOT NULL DEFAULT 'merchant' CHECK (kind IN ('naval', 'merchant', 'privateer', 'pirate')),
        nation TEXT NOT NULL DEFAULT '',
        origin TEXT NOT NULL DEFAULT 'none' CHECK (origin IN ('none', 'avalon', 'vesten')),
        marines INTEGER NOT NULL DEFAULT 0 CHECK (marines >= 0),
        port_id INTEGER REFERENCES port(id),
        provisions INTEGER NOT NULL DEFAULT 0 CHECK (provisions >= 0),
        careened_day INTEGER,
        careening_until INTEGER,
        beached INTEGER NOT NULL DEFAULT 0 CHECK (beached IN (0, 1)),
        unrepairable_hull INTEGER NOT NULL DEFAULT 0 CHECK (unrepairable_hull >= 0),
        hull_seen INTEGER NOT NULL DEFAULT 0 CHECK (hull_seen >= 0),
        hull_port_only INTEGER NOT NULL DEFAULT 0 CHECK (hull_port_only >= 0),
        owed INTEGER NOT NULL DEFAULT 0,
        orders TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX ship_company_port ON ship_company(port_id);
      -- Named officers and characters aboard, at their monthly wage.
      CREATE TABLE ship_officer (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        person_id INTEGER NOT NULL UNIQUE REFERENCES person(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('captain', 'firstMate', 'masterOTops', 'pilot', 'gunner', 'boatswain', 'carpenter', 'physician', 'masterAtArms', 'purser', 'aboard')),
        battery TEXT CHECK (battery IS NULL OR battery IN ('port', 'starboard', 'chasers', 'stern')),
        wage INTEGER NOT NULL DEFAULT 0 CHECK (wage >= 0),
        since_day INTEGER NOT NULL
      );
      CREATE INDEX ship_officer_ship ON ship_officer(ship_id, id);
    `
  },
  {
    id: '0007_voyages',
    sql: `
      -- The sea chart (issue 7): ports get positions (chart units; null until placed).
      ALTER TABLE port ADD COLUMN x REAL;
      ALTER TABLE port ADD COLUMN y REAL;
      -- One row: the chart's scale (nm per unit) and size, the water of open sea, the GM's Drama
      -- Dice and the weekly percent chance of a special event at sea.
      CREATE TABLE sea_setting (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        scale_nm REAL NOT NULL DEFAULT 10 CHECK (scale_nm > 0),
        width INTEGER NOT NULL DEFAULT 1600,
        height INTEGER NOT NULL DEFAULT 1000,
        default_water TEXT NOT NULL DEFAULT 'seaLane',
        drama_gm INTEGER NOT NULL DEFAULT 0 CHECK (drama_gm >= 0),
        event_chance INTEGER NOT NULL DEFAULT 0 CHECK (event_chance BETWEEN 0 AND 100)
      );
      -- Sea areas: a polygon (JSON [{x, y}]) with its water kind (sets the encounter checks).
      CREATE TABLE sea_area (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('coastal', 'colonial', 'continental', 'seaLane', 'uncharted')),
        polygon TEXT NOT NULL
      );
      -- Routes between two ports: waypoints between them (JSON) and a typed distance (null: measured).
      CREATE TABLE sea_route (
        id INTEGER PRIMARY KEY,
        from_port_id INTEGER NOT NULL REFERENCES port(id) ON DELETE CASCADE,
        to_port_id INTEGER NOT NULL REFERENCES port(id) ON DELETE CASCADE,
        via TEXT NOT NULL DEFAULT '[]',
        distance_nm INTEGER CHECK (distance_nm IS NULL OR distance_nm > 0)
      );
      CREATE INDEX sea_route_ports ON sea_route(from_port_id, to_port_id);
      -- A voyage: its course (legs with their polylines, copied at sail time), the wind rolled, progress,
      -- the state of events (JSON), what waits for the GM (JSON) and the battle it launched.
      CREATE TABLE voyage (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'atSea' CHECK (status IN ('atSea', 'arrived', 'lost')),
        started_day INTEGER NOT NULL,
        ended_day INTEGER,
        route TEXT NOT NULL,
        legs TEXT NOT NULL,
        wind_roll INTEGER NOT NULL,
        days_at_sea INTEGER NOT NULL DEFAULT 0,
        sailed_nm REAL NOT NULL DEFAULT 0,
        extra_nm REAL NOT NULL DEFAULT 0,
        offset_x REAL NOT NULL DEFAULT 0,
        offset_y REAL NOT NULL DEFAULT 0,
        state TEXT NOT NULL DEFAULT '{}',
        passengers INTEGER NOT NULL DEFAULT 0,
        fare_per_40 REAL NOT NULL DEFAULT 1,
        fare_paid INTEGER NOT NULL DEFAULT 0,
        last_check_day INTEGER,
        pending TEXT,
        battle_id INTEGER REFERENCES battle(id) ON DELETE SET NULL,
        stop TEXT
      );
      CREATE INDEX voyage_status ON voyage(status, id);
      CREATE TABLE voyage_ship (
        voyage_id INTEGER NOT NULL REFERENCES voyage(id) ON DELETE CASCADE,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'sailing' CHECK (state IN ('sailing', 'taken', 'sunk', 'wrecked', 'escaped')),
        PRIMARY KEY (voyage_id, ship_id)
      );
      CREATE INDEX voyage_ship_ship ON voyage_ship(ship_id);
      -- The voyage's log: each day's miles and food, checks, encounters, events, battles, with rolls (JSON).
      CREATE TABLE voyage_event (
        id INTEGER PRIMARY KEY,
        voyage_id INTEGER NOT NULL REFERENCES voyage(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        miles INTEGER NOT NULL DEFAULT 0,
        x REAL,
        y REAL,
        rolls TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX voyage_event_voyage ON voyage_event(voyage_id, id);
    `
  },
  {
    id: '0008_trade',
    sql: `
      -- Sea trade, joint-stock companies and booty (issue 8; seed 003 VII, VIII).
      -- A port's own cargo prices (the others read the cargoPrices rule table's column).
      CREATE TABLE market_price (
        port_id INTEGER NOT NULL REFERENCES port(id) ON DELETE CASCADE,
        cargo TEXT NOT NULL,
        price INTEGER NOT NULL CHECK (price >= 0),
        PRIMARY KEY (port_id, cargo)
      );
      -- Cargo in a ship's hold by type: tons and what was paid for them (0 for booty).
      CREATE TABLE ship_cargo (
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        cargo TEXT NOT NULL,
        tons REAL NOT NULL CHECK (tons > 0),
        paid INTEGER NOT NULL DEFAULT 0 CHECK (paid >= 0),
        PRIMARY KEY (ship_id, cargo)
      );
      -- A ship's visit to a port, for the demand die (once per cargo type per visit) and the week of
      -- cargo work. mark: the ship's newest ship_event id when the visit began (a later sailing ends it).
      CREATE TABLE trade_visit (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        port_id INTEGER NOT NULL REFERENCES port(id) ON DELETE CASCADE,
        started_day INTEGER NOT NULL,
        mark INTEGER NOT NULL DEFAULT 0,
        worked INTEGER NOT NULL DEFAULT 0 CHECK (worked IN (0, 1))
      );
      CREATE INDEX trade_visit_ship ON trade_visit(ship_id, id);
      CREATE TABLE trade_demand (
        visit_id INTEGER NOT NULL REFERENCES trade_visit(id) ON DELETE CASCADE,
        cargo TEXT NOT NULL,
        die INTEGER NOT NULL,
        bonus INTEGER NOT NULL,
        percent INTEGER NOT NULL,
        band TEXT NOT NULL,
        PRIMARY KEY (visit_id, cargo)
      );
      -- Joint-stock companies: each is an owner (its treasury is the owner's cash).
      CREATE TABLE company (
        id INTEGER PRIMARY KEY,
        owner_id INTEGER NOT NULL UNIQUE REFERENCES owner(id),
        port_id INTEGER REFERENCES port(id) ON DELETE SET NULL,
        status TEXT NOT NULL CHECK (status IN ('applying', 'chartered')),
        charter_how TEXT NOT NULL DEFAULT 'none' CHECK (charter_how IN ('granted', 'bought', 'none')),
        charter_cost INTEGER NOT NULL DEFAULT 0,
        charter_roll TEXT,
        created_day INTEGER NOT NULL,
        chartered_day INTEGER,
        banker_person_id INTEGER REFERENCES person(id) ON DELETE SET NULL,
        banker_hired INTEGER NOT NULL DEFAULT 0 CHECK (banker_hired IN (0, 1)),
        share_price INTEGER NOT NULL,
        offering INTEGER NOT NULL DEFAULT 1 CHECK (offering IN (0, 1))
      );
      CREATE TABLE company_founder (
        company_id INTEGER NOT NULL REFERENCES company(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES owner(id),
        position INTEGER NOT NULL,
        PRIMARY KEY (company_id, owner_id)
      );
      CREATE TABLE company_share (
        company_id INTEGER NOT NULL REFERENCES company(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES owner(id),
        shares INTEGER NOT NULL CHECK (shares > 0),
        PRIMARY KEY (company_id, owner_id)
      );
      CREATE TABLE company_price (
        id INTEGER PRIMARY KEY,
        company_id INTEGER NOT NULL REFERENCES company(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        price INTEGER NOT NULL,
        note TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX company_price_company ON company_price(company_id, id);
      -- Shares that may change hands in a month (1K1, rolled at the monthly step), and how many did.
      CREATE TABLE company_allowance (
        company_id INTEGER NOT NULL REFERENCES company(id) ON DELETE CASCADE,
        month TEXT NOT NULL,
        rolled INTEGER NOT NULL,
        used INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (company_id, month)
      );
      -- Trading voyages' accounts and their split (JSON, as posted).
      CREATE TABLE trade_venture (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        company_id INTEGER REFERENCES company(id) ON DELETE SET NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'closed')),
        opened_day INTEGER NOT NULL,
        closed_day INTEGER,
        profit INTEGER,
        split TEXT,
        ledger_tx_id INTEGER
      );
      CREATE INDEX trade_venture_ship ON trade_venture(ship_id, status);
      CREATE TABLE venture_entry (
        id INTEGER PRIMARY KEY,
        venture_id INTEGER NOT NULL REFERENCES trade_venture(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('purchase', 'sale', 'passengers', 'portCosts', 'wages', 'food', 'other')),
        memo TEXT NOT NULL,
        amount INTEGER NOT NULL,
        payer_id INTEGER REFERENCES owner(id)
      );
      CREATE INDEX venture_entry_venture ON venture_entry(venture_id, id);
      -- A ship's own articles (shares of booty by role); ships without a row read the rule table.
      CREATE TABLE booty_articles (
        ship_id INTEGER PRIMARY KEY REFERENCES ship(id) ON DELETE CASCADE,
        captain REAL NOT NULL,
        officers REAL NOT NULL,
        crew REAL NOT NULL
      );
      -- Booty held by a ship's owners awaiting division (+) and divisions (−).
      CREATE TABLE booty_entry (
        id INTEGER PRIMARY KEY,
        ship_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        amount INTEGER NOT NULL,
        memo TEXT NOT NULL
      );
      CREATE INDEX booty_entry_ship ON booty_entry(ship_id, id);
    `
  },
  {
    id: '0009_prize_captor',
    sql: `
      -- The ship that took a prize (seed 003 VII): a pirate's or privateer's prize's cargo sold goes
      -- into the captor's booty pot. Recorded when a battle is concluded; the GM may change it.
      CREATE TABLE prize_captor (
        ship_id INTEGER PRIMARY KEY REFERENCES ship(id) ON DELETE CASCADE,
        captor_id INTEGER NOT NULL REFERENCES ship(id) ON DELETE CASCADE,
        battle_id INTEGER REFERENCES battle(id) ON DELETE SET NULL,
        day INTEGER NOT NULL,
        CHECK (captor_id <> ship_id)
      );
      CREATE INDEX prize_captor_captor ON prize_captor(captor_id);
    `
  },
  {
    id: '0010_venture_voyage',
    sql: `
      -- The voyages a trading venture sailed while it was open (seed 003 VIII: a trading voyage keeps
      -- its accounts), and the voyage an entry was made on (wages at sea, fares paid on arrival).
      CREATE TABLE venture_voyage (
        venture_id INTEGER NOT NULL REFERENCES trade_venture(id) ON DELETE CASCADE,
        voyage_id INTEGER NOT NULL REFERENCES voyage(id) ON DELETE CASCADE,
        PRIMARY KEY (venture_id, voyage_id)
      );
      CREATE INDEX venture_voyage_voyage ON venture_voyage(voyage_id);
      ALTER TABLE venture_entry ADD COLUMN voyage_id INTEGER REFERENCES voyage(id) ON DELETE SET NULL;
    `
  },
  {
    id: '0011_battles_rudder_tricks',
    sql: `
      -- Handling lost to a rudder strained by Hard Turns (seed 003 IV): "permanently, until the
      -- rudder is repaired in port". Written back when a battle is concluded, read into her next one.
      ALTER TABLE ship ADD COLUMN rudder_damage INTEGER NOT NULL DEFAULT 0 CHECK (rudder_damage >= 0);
      -- A character's tricks (JSON array of keys), e.g. Roger's Pirate trick "Over the Side" (seed 003 V).
      ALTER TABLE person ADD COLUMN tricks TEXT NOT NULL DEFAULT '[]';
    `
  },
  {
    id: '0012_upkeep_owed_officers',
    sql: `
      -- Of what a ship's crew is owed (ship_company.owed), the part owed to named officers for their
      -- wages, by the owner who is paid for each (JSON: owner id -> amount): seed 003 I.2, "Aboard
      -- pirate and privateer vessels, these costs are subtracted from booty", so those wages go to
      -- the officers when the booty is divided; a merchantman's owners who could not pay them owe them.
      ALTER TABLE ship_company ADD COLUMN owed_to TEXT NOT NULL DEFAULT '{}';
      -- This week's recruiting in port (seed 003 I.2: "1K1+2 men/women per week", press gangs another
      -- 1K1+2): JSON {week: first day of the week, recruited, pressed: whether rolled, left: hands
      -- found and not yet signed on}: what crew.hire may sign on that week.
      ALTER TABLE ship_company ADD COLUMN recruits TEXT NOT NULL DEFAULT '{}';
      -- Days spent in port and at sea since the last monthly upkeep, each day weighted by those
      -- aboard (eater-days), and at sea the eater-days not yet eaten from the weekly rations:
      -- food and provisions by the days eaten (seed 003 I.2).
      ALTER TABLE ship_company ADD COLUMN port_eater_days INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ship_company ADD COLUMN port_days INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ship_company ADD COLUMN sea_days INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ship_company ADD COLUMN sea_eater_days INTEGER NOT NULL DEFAULT 0;
    `
  },
  {
    id: '0013_chart_image_journal_day_shipyard',
    sql: `
      -- A map image the GM puts under the sea chart (issue 16, point 12): the picture itself (base64,
      -- PNG, JPEG or WebP, at most CHART_IMAGE_MAX_BYTES), where its top-left corner lies and how
      -- many chart units wide it is drawn (its height follows its own proportions).
      CREATE TABLE chart_image (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        mime TEXT NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
        data TEXT NOT NULL,
        file_name TEXT NOT NULL,
        x REAL NOT NULL DEFAULT 0,
        y REAL NOT NULL DEFAULT 0,
        width REAL NOT NULL CHECK (width > 0),
        opacity REAL NOT NULL DEFAULT 1 CHECK (opacity > 0 AND opacity <= 1)
      );
      -- The campaign day each change left the clock on (issue 16, point 16: the Log and Recent
      -- changes show the campaign date beside the wall-clock time). Null for changes made before.
      ALTER TABLE journal ADD COLUMN day INTEGER;
      -- Where a ship is being built (seed 003 I.1: "Ships may be constructed in any major port";
      -- a colonial port adds a month): she launches there. Null for ships commissioned before.
      ALTER TABLE ship ADD COLUMN built_at_port_id INTEGER REFERENCES port(id) ON DELETE SET NULL;
    `
  },
  {
    id: '0014_booty_pot_account',
    sql: `
      -- Each ship's booty pot is a ledger account of its own (issue 16, point 2): account 'booty',
      -- held for the ship (ship_id) under the outside world's owner row, drawn on only by the division
      -- of booty and the GM's explicit withdrawal; every other payment reads an owner's cash.
      CREATE TABLE ledger_line_new (
        id INTEGER PRIMARY KEY,
        tx_id INTEGER NOT NULL REFERENCES ledger_tx(id) ON DELETE CASCADE,
        owner_id INTEGER NOT NULL REFERENCES owner(id),
        account TEXT NOT NULL CHECK (account IN ('cash', 'shipFund', 'booty')),
        amount INTEGER NOT NULL,
        ship_id INTEGER REFERENCES ship(id),
        CHECK ((account = 'booty') = (ship_id IS NOT NULL))
      );
      INSERT INTO ledger_line_new (id, tx_id, owner_id, account, amount) SELECT id, tx_id, owner_id, account, amount FROM ledger_line;
      DROP TABLE ledger_line;
      ALTER TABLE ledger_line_new RENAME TO ledger_line;
      CREATE INDEX ledger_line_owner ON ledger_line(owner_id, account, tx_id, amount);
      CREATE INDEX ledger_line_tx ON ledger_line(tx_id);
      CREATE INDEX ledger_line_owner_tx ON ledger_line(owner_id, tx_id);
      CREATE INDEX ledger_line_ship ON ledger_line(ship_id, amount) WHERE ship_id IS NOT NULL;

      -- Existing pots were held in their ship's owners' cash: one transaction moves each pot with
      -- money in it out of the owners' cash (by their shares now, the remainder to the largest
      -- share) into its account, so every transaction still sums to zero and no pot changes.
      CREATE TEMP TABLE pot_move AS
        SELECT b.ship_id AS ship_id, SUM(b.amount) AS pot, s.name AS name
        FROM booty_entry b JOIN ship s ON s.id = b.ship_id
        WHERE EXISTS (SELECT 1 FROM ship_owner so WHERE so.ship_id = b.ship_id)
        GROUP BY b.ship_id HAVING SUM(b.amount) > 0;
      INSERT INTO ledger_tx (day, memo, command)
        SELECT (SELECT day FROM clock WHERE id = 1), 'Booty pot of the ' || name || ' moved from her owners'' cash into its own account', 'booty.pot'
        FROM pot_move ORDER BY ship_id;
      CREATE TEMP TABLE pot_tx AS
        SELECT m.ship_id AS ship_id, m.pot AS pot,
          (SELECT max(id) FROM ledger_tx) - (SELECT count(*) FROM pot_move m2 WHERE m2.ship_id > m.ship_id) AS tx_id
        FROM pot_move m;
      INSERT INTO ledger_line (tx_id, owner_id, account, amount, ship_id)
        SELECT p.tx_id, so.owner_id, 'cash', -((p.pot * so.share) / (SELECT SUM(share) FROM ship_owner x WHERE x.ship_id = p.ship_id)), NULL
        FROM pot_tx p JOIN ship_owner so ON so.ship_id = p.ship_id ORDER BY p.ship_id, so.id;
      INSERT INTO ledger_line (tx_id, owner_id, account, amount, ship_id)
        SELECT p.tx_id, 1, 'booty', p.pot, p.ship_id FROM pot_tx p ORDER BY p.ship_id;
      -- The remainder of the split by shares, from the owner with the largest share.
      UPDATE ledger_line SET amount = amount - (SELECT SUM(l.amount) FROM ledger_line l WHERE l.tx_id = ledger_line.tx_id)
        WHERE id IN (
          SELECT (SELECT l.id FROM ledger_line l JOIN ship_owner so ON so.owner_id = l.owner_id AND so.ship_id = p.ship_id
                  WHERE l.tx_id = p.tx_id AND l.account = 'cash' ORDER BY so.share DESC, so.id LIMIT 1)
          FROM pot_tx p
        );
      DROP TABLE pot_tx;
      DROP TABLE pot_move;
    `
  },
  {
    id: '0015_battle_ruleset',
    sql: `
      -- The battle seam (issue 17): each battle names the rule system it is fought under ('highSeas',
      -- every battle before this; 'atrilia', the Atrilian hex battle of seed 002; 'galleys',
      -- 'broadsides'). High Seas keeps its turns in battle_turn and each ship's control in its setup.
      ALTER TABLE battle ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'highSeas'
        CHECK (ruleset IN ('highSeas', 'atrilia', 'galleys', 'broadsides'));
      -- Who orders each side of a battle played by sides (JSON: side id -> 'gm' | 'ai'); '{}' for High Seas.
      ALTER TABLE battle ADD COLUMN control TEXT NOT NULL DEFAULT '{}';
      -- One resolved step of a battle played in steps finer than a turn (Atrilia: one phase of one
      -- player, seed 002 §4): the orders it followed (AI orders filled in), the faces the GM typed
      -- (null: the battle's own generator rolled them all) and its report. Replaying the steps from the
      -- setup gives the state, which the battle row keeps as a cache.
      CREATE TABLE battle_step (
        id INTEGER PRIMARY KEY,
        battle_id INTEGER NOT NULL REFERENCES battle(id) ON DELETE CASCADE,
        step INTEGER NOT NULL,
        orders TEXT NOT NULL,
        dice TEXT,
        report TEXT NOT NULL,
        UNIQUE (battle_id, step)
      );
    `
  },
  {
    id: '0016_atrilian_ship',
    sql: `
      -- An Atrilian ship (seed 002, issue 18): a ship of an Atrilia campaign built from the Atrilian
      -- catalogue (her design JSON is {type, improvements, improved?}) has this row; a Théah ship has none,
      -- so every older file's ships stay Théah ships. Her sailors are ship.crew; here are her marines in
      -- strength points (25 men a point, rules guide §3), the wizards amongst them (one kind, §9.1), her
      -- crew's nation (§11.1) and quality (1 slave, 2 green, 3 veteran, 4 elite), the battles it has
      -- survived (FAQ: five make it elite) and whether the GM holds that quality.
      CREATE TABLE atrilian_ship (
        ship_id INTEGER PRIMARY KEY REFERENCES ship(id) ON DELETE CASCADE,
        nation TEXT NOT NULL DEFAULT 'other',
        quality INTEGER NOT NULL DEFAULT 2 CHECK (quality BETWEEN 1 AND 4),
        battles INTEGER NOT NULL DEFAULT 0 CHECK (battles >= 0),
        quality_held INTEGER NOT NULL DEFAULT 0 CHECK (quality_held IN (0, 1)),
        marines INTEGER NOT NULL DEFAULT 0 CHECK (marines >= 0),
        wizards TEXT CHECK (wizards IN ('sea', 'fire')),
        wizard_count INTEGER NOT NULL DEFAULT 0 CHECK (wizard_count >= 0),
        CHECK ((wizards IS NULL) = (wizard_count = 0))
      );
    `
  },
  {
    id: '0017_chart_land',
    sql: `
      -- Land on the sea chart (issue 18): coasts and islands drawn as polygons (chart units), under the
      -- sea areas. Voyages sail the routes as before; a battle set-up may take its coastline from here.
      CREATE TABLE chart_land (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        polygon TEXT NOT NULL
      );
    `
  },
  {
    id: '0018_atrilian_catalogue_key',
    sql: `
      -- The Gyptian or Meshuesh large galley is keyed gyptianLargeGalley (issue 18 names it so); a
      -- campaign whose Atrilian ships table was edited before kept the older key largeGalley. Battles
      -- keep their own snapshot of the tables, so their replays are untouched.
      UPDATE rule_table SET value = replace(value, '"key":"largeGalley"', '"key":"gyptianLargeGalley"')
        WHERE name = 'atriliaShips';
    `
  },
  {
    id: '0019_atrilian_repair',
    sql: `
      -- A crippled Atrilian ship (seed 002 §5.2; issue 18) needs repair: two weeks in a friendly port and
      -- 10% of her price (rules guide §3, house default), done by the clock. needs_repair is set when a
      -- battle is concluded; repair_since is the day her two weeks began in repair_port_id (null: not yet
      -- in a friendly port). Every older ship needs none.
      ALTER TABLE atrilian_ship ADD COLUMN needs_repair INTEGER NOT NULL DEFAULT 0 CHECK (needs_repair IN (0, 1));
      ALTER TABLE atrilian_ship ADD COLUMN repair_port_id INTEGER REFERENCES port(id) ON DELETE SET NULL;
      ALTER TABLE atrilian_ship ADD COLUMN repair_since INTEGER;
    `
  },
  {
    id: '0020_battle_conversion',
    sql: `
      -- A battle fought under another setting's rules (issue 21): the ships as their setting measured them,
      -- the conversion table as it was when the battle started and each ship's converted numbers (JSON), so
      -- concluding reads the result back into the setting's review. Null: a battle of its own setting.
      ALTER TABLE battle ADD COLUMN conversion TEXT;
    `
  },
  {
    // The ledger's running balances (issue 22).
    id: '0021_ledger_running_balance',
    sql: `
      -- Every owner's balance per account, and how many transactions the owner takes part in, kept by
      -- triggers on ledger_line in the same transaction as each line is written, deleted or changed
      -- (undo and redo included), so a balance or a history page does not sum a long history. Derived
      -- from ledger_line alone: never captured for undo (undoing the lines puts these right).
      CREATE TABLE ledger_balance (
        owner_id INTEGER NOT NULL,
        account TEXT NOT NULL,
        total INTEGER NOT NULL,
        PRIMARY KEY (owner_id, account)
      );
      CREATE TABLE ledger_owner_txs (
        owner_id INTEGER PRIMARY KEY,
        txs INTEGER NOT NULL
      );
      INSERT INTO ledger_balance (owner_id, account, total)
        SELECT owner_id, account, SUM(amount) FROM ledger_line GROUP BY owner_id, account;
      INSERT INTO ledger_owner_txs (owner_id, txs)
        SELECT owner_id, count(DISTINCT tx_id) FROM ledger_line GROUP BY owner_id;
      CREATE TRIGGER ledger_balance_ins AFTER INSERT ON ledger_line BEGIN
        INSERT INTO ledger_balance (owner_id, account, total) VALUES (NEW.owner_id, NEW.account, NEW.amount)
          ON CONFLICT (owner_id, account) DO UPDATE SET total = total + excluded.total;
        INSERT INTO ledger_owner_txs (owner_id, txs) SELECT NEW.owner_id, 1
          WHERE NOT EXISTS (SELECT 1 FROM ledger_line WHERE owner_id = NEW.owner_id AND tx_id = NEW.tx_id AND id <> NEW.id)
          ON CONFLICT (owner_id) DO UPDATE SET txs = txs + 1;
      END;
      CREATE TRIGGER ledger_balance_del AFTER DELETE ON ledger_line BEGIN
        UPDATE ledger_balance SET total = total - OLD.amount WHERE owner_id = OLD.owner_id AND account = OLD.account;
        UPDATE ledger_owner_txs SET txs = txs - 1 WHERE owner_id = OLD.owner_id
          AND NOT EXISTS (SELECT 1 FROM ledger_line WHERE owner_id = OLD.owner_id AND tx_id = OLD.tx_id);
      END;
      CREATE TRIGGER ledger_balance_upd AFTER UPDATE OF owner_id, account, amount ON ledger_line BEGIN
        UPDATE ledger_balance SET total = total - OLD.amount WHERE owner_id = OLD.owner_id AND account = OLD.account;
        INSERT INTO ledger_balance (owner_id, account, total) VALUES (NEW.owner_id, NEW.account, NEW.amount)
          ON CONFLICT (owner_id, account) DO UPDATE SET total = total + excluded.total;
      END;
      CREATE TRIGGER ledger_owner_txs_upd AFTER UPDATE OF owner_id, tx_id ON ledger_line
        WHEN OLD.owner_id IS NOT NEW.owner_id OR OLD.tx_id IS NOT NEW.tx_id BEGIN
        UPDATE ledger_owner_txs SET txs = txs - 1 WHERE owner_id = OLD.owner_id
          AND NOT EXISTS (SELECT 1 FROM ledger_line WHERE owner_id = OLD.owner_id AND tx_id = OLD.tx_id);
        INSERT INTO ledger_owner_txs (owner_id, txs) SELECT NEW.owner_id, 1
          WHERE NOT EXISTS (SELECT 1 FROM ledger_line WHERE owner_id = NEW.owner_id AND tx_id = NEW.tx_id AND id <> NEW.id)
          ON CONFLICT (owner_id) DO UPDATE SET txs = txs + 1;
      END;
    `
  },
  {
    // The players' screen (issue 21).
    id: '0022_players_screen',
    sql: `
      -- The players' screen: one row of settings (follow the GM or a fixed battle, the blackout, the
      -- scale in mm a pixel), and per battle the GM's choices of what the players see.
      CREATE TABLE players_screen (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        follow INTEGER NOT NULL DEFAULT 1 CHECK (follow IN (0, 1)),
        battle_id INTEGER REFERENCES battle(id) ON DELETE SET NULL,
        blackout INTEGER NOT NULL DEFAULT 0 CHECK (blackout IN (0, 1)),
        mm_per_px REAL NOT NULL DEFAULT 0.2646
      );
      INSERT INTO players_screen (id) VALUES (1);
      CREATE TABLE players_battle (
        battle_id INTEGER PRIMARY KEY REFERENCES battle(id) ON DELETE CASCADE,
        players_side TEXT,
        enemy TEXT NOT NULL DEFAULT 'approximate' CHECK (enemy IN ('exact', 'approximate', 'hidden')),
        dice TEXT NOT NULL DEFAULT 'rolled' CHECK (dice IN ('rolled', 'results'))
      );
    `
  },
  {
    // The players' screen shows the voyage's chart (issue 21).
    id: '0023_players_voyage',
    sql: `
      -- Following, the chart of the newest voyage at sea shows when no battle is fought (show_voyage);
      -- fixed, the GM may choose a voyage instead of a battle (voyage_id).
      ALTER TABLE players_screen ADD COLUMN show_voyage INTEGER NOT NULL DEFAULT 1 CHECK (show_voyage IN (0, 1));
      ALTER TABLE players_screen ADD COLUMN voyage_id INTEGER REFERENCES voyage(id) ON DELETE SET NULL;
    `
  },
  {
    // The Broadsides sea board table says how many holed rows sink a ship (seed 001).
    id: '0024_broadsides_sink_rows',
    sql: `
      -- The Broadsides sea board table gains sinkRows: the rows holed along one side that sink a ship
      -- (seed 001, Ship Combat: "5 or more rows"). A campaign's edited table, and every Broadsides
      -- battle's snapshot of the tables, take the seed's 5, which they always sank at: their replays are
      -- untouched, and an edited table is not thrown out for lacking the new entry.
      UPDATE rule_table SET value = json_set(value, '$.sinkRows', 5)
        WHERE name = 'broadsidesBoard' AND json_type(value, '$.sinkRows') IS NULL;
      UPDATE battle SET setup = json_set(setup, '$.rules.board.sinkRows', 5)
        WHERE ruleset = 'broadsides' AND json_type(setup, '$.rules.board.sinkRows') IS NULL;
    `
  },
  {
    // A compact roll log and one index less on the ledger (issue 22).
    id: '0025_compact_roll_log',
    sql: `
      -- The words of the roll log (its kinds, purposes, notations and commands), each kept once: a long
      -- campaign rolls the same few hundred things a million times. Like the log, a command only adds to
      -- it, and undoing the command takes back the words it added along with its rolls.
      CREATE TABLE roll_text (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
      INSERT INTO roll_text (text)
        SELECT kind FROM roll_log UNION SELECT purpose FROM roll_log UNION SELECT notation FROM roll_log UNION SELECT command FROM roll_log;
      -- Every roll: its words by number, its faces as bytes (one a face read, in order; a face is 1-10).
      -- Its dice, the dice kept and the total follow from the notation and the faces, so they are not kept.
      CREATE TABLE roll (
        id INTEGER PRIMARY KEY,
        day INTEGER NOT NULL,
        kind INTEGER NOT NULL,
        purpose INTEGER NOT NULL,
        notation INTEGER NOT NULL,
        command INTEGER NOT NULL,
        faces BLOB NOT NULL,
        manual INTEGER NOT NULL CHECK (manual IN (0, 1))
      );
      INSERT INTO roll (id, day, kind, purpose, notation, command, faces, manual)
        SELECT l.id, l.day, k.id, p.id, n.id, c.id,
          CAST((SELECT group_concat(char(j.value), '' ORDER BY j.key) FROM json_each(l.faces) j) AS BLOB), l.manual
        FROM roll_log l
        JOIN roll_text k ON k.text = l.kind JOIN roll_text p ON p.text = l.purpose
        JOIN roll_text n ON n.text = l.notation JOIN roll_text c ON c.text = l.command
        ORDER BY l.id;
      DROP TABLE roll_log;
      -- Which kinds each block of 1,024 rolls (by id) holds: the log filtered by kind reads only the
      -- blocks that hold it, newest first, instead of an index entry a roll. Derived from roll alone and
      -- only added to (a block whose rolls of a kind were undone is read once for nothing), never undone.
      CREATE TABLE roll_block (kind INTEGER NOT NULL, block INTEGER NOT NULL, PRIMARY KEY (kind, block)) WITHOUT ROWID;
      INSERT INTO roll_block (kind, block) SELECT DISTINCT kind, id >> 10 FROM roll;
      CREATE TRIGGER roll_block_ins AFTER INSERT ON roll BEGIN
        INSERT INTO roll_block (kind, block) SELECT NEW.kind, NEW.id >> 10
          WHERE NOT EXISTS (SELECT 1 FROM roll_block WHERE kind = NEW.kind AND block = NEW.id >> 10);
      END;
      -- The roll log as it always read (faces, dice and kept as JSON arrays, the total), for reading
      -- only: roll_faces, roll_dice, roll_kept and roll_total are the app's own functions (sqlite.ts).
      CREATE VIEW roll_log AS
        SELECT r.id, r.day, k.text AS kind, p.text AS purpose, n.text AS notation, roll_faces(r.faces) AS faces,
          roll_dice(n.text, r.faces) AS dice, roll_kept(n.text, r.faces) AS kept, roll_total(n.text, r.faces) AS total,
          r.manual, c.text AS command
        FROM roll r JOIN roll_text k ON k.id = r.kind JOIN roll_text p ON p.id = r.purpose
        JOIN roll_text n ON n.id = r.notation JOIN roll_text c ON c.id = r.command;
      -- A balance is the running one now (0021): the owner's two indexes (by account, which summed it, and
      -- by transaction) become one by transaction that also holds the account and the amount — what a
      -- history page walks, what a chart sums, and what the running balances' triggers look up.
      DROP INDEX ledger_line_owner;
      DROP INDEX ledger_line_owner_tx;
      CREATE INDEX ledger_line_by_owner ON ledger_line(owner_id, tx_id, account, amount);
    `
  }
]

/** Tables that belong to the machinery, not to the campaign: never captured for undo. */
export const SYSTEM_TABLES = new Set(['schema_migrations', 'journal', 'undo_step', 'sqlite_sequence', 'ledger_balance', 'ledger_owner_txs', 'roll_block'])

export const LATEST_SCHEMA = MIGRATIONS[MIGRATIONS.length - 1]!.id
