import type { Knex } from 'knex'

/*
 * Each building's floors with their place in its floor list, kept by the database from
 * `buildings.floors`: lists can then be ordered by floor in SQL (a tenancy's premises, by a join
 * and an index) instead of taking the list apart for every row read.
 */
export async function up(knex: Knex) {
  await knex.raw(`
    CREATE TABLE building_floors (
      building_id integer NOT NULL REFERENCES buildings (id) ON DELETE CASCADE,
      floor text NOT NULL,
      position integer NOT NULL,
      PRIMARY KEY (building_id, floor) INCLUDE (position)
    )`)
  await knex.raw(`
    CREATE FUNCTION building_floors_follow() RETURNS trigger AS $$
    BEGIN
      DELETE FROM building_floors WHERE building_id = NEW.id;
      INSERT INTO building_floors (building_id, floor, position)
        SELECT NEW.id, listed.floor, min(listed.at) FROM jsonb_array_elements_text(NEW.floors) WITH ORDINALITY AS listed (floor, at) GROUP BY listed.floor;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`)
  await knex.raw('CREATE TRIGGER building_floors_follow AFTER INSERT OR UPDATE OF floors ON buildings FOR EACH ROW EXECUTE FUNCTION building_floors_follow()')
  await knex.raw(`
    INSERT INTO building_floors (building_id, floor, position)
      SELECT b.id, listed.floor, min(listed.at) FROM buildings b, jsonb_array_elements_text(b.floors) WITH ORDINALITY AS listed (floor, at) GROUP BY b.id, listed.floor`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS building_floors_follow ON buildings')
  await knex.raw('DROP FUNCTION IF EXISTS building_floors_follow()')
  await knex.raw('DROP TABLE IF EXISTS building_floors')
}
