import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any> and import no app code (Kysely's migration guide).
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the app's table types
type AnyDb = Kysely<any>;

/** An auto-increment integer primary key on both engines. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const flag = (def: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(def);

function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const create = (name: string) => withId(db.schema.createTable(name), pg);

  await create('users')
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('basic'))
    .addColumn('token_version', 'integer', flag(0))
    .addColumn('confirmed', 'integer', flag(1))
    .addColumn('blocked', 'integer', flag(0))
    .addColumn('profile_img', 'varchar(1024)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await create('sensors')
    .addColumn('deveui', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('serial_number', 'varchar(64)')
    .addColumn('name', 'varchar(100)')
    .addColumn('device_profile', 'varchar(32)', (c) => c.notNull().defaultTo('dosedot-box'))
    .addColumn('buttonmode', 'varchar(32)')
    .addColumn('battery', 'real')
    .addColumn('last_uplink_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await create('profiles')
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('profileuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('givenname', 'varchar(100)', (c) => c.notNull())
    .addColumn('familyname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', flag(1))
    .addColumn('is_dark', 'integer', flag(0))
    .addColumn('is_linked', 'integer', flag(0))
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('profiletype', 'varchar(16)', (c) => c.notNull().defaultTo('basic'))
    .addColumn('sensor_id', 'integer', (c) => c.unique().references('sensors.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await create('password_resets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

  await create('sensor_assignments')
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('assigned_from', 'bigint', (c) => c.notNull())
    .addColumn('assigned_to', 'bigint')
    .addColumn('assigned_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('sensor_assignments_sensor_time')
    .on('sensor_assignments')
    .columns(['sensor_id', 'assigned_from'])
    .execute();
  await db.schema
    .createIndex('sensor_assignments_profile_time')
    .on('sensor_assignments')
    .columns(['profile_id', 'assigned_from'])
    .execute();

  await create('medicines')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(2000)')
    .addColumn('strength', 'varchar(100)')
    .addColumn('galenic_form', 'varchar(100)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('medicines_profile').on('medicines').column('profile_id').execute();

  await create('medicine_schedules')
    .addColumn('medicine_id', 'integer', (c) => c.notNull().references('medicines.id').onDelete('cascade'))
    .addColumn('dosage_time', 'varchar(12)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('medicine_schedules_medicine_time', ['medicine_id', 'dosage_time'])
    .execute();

  await create('uplinks')
    .addColumn('identity', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('deveui', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('f_port', 'integer')
    .addColumn('f_cnt', 'bigint')
    .addColumn('payload', 'text')
    .addColumn('envelope', 'text', (c) => c.notNull())
    .addColumn('decode_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('decode_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uplinks_deveui_time')
    .on('uplinks')
    .columns(['deveui', 'received_at'])
    .execute();

  await create('sensor_readings')
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('uplink_id', 'integer', (c) => c.references('uplinks.id').onDelete('set null'))
    .addColumn('measured_at', 'bigint', (c) => c.notNull())
    .addColumn('temperature', 'real')
    .addColumn('humidity', 'real')
    .addColumn('battery', 'real')
    .addColumn('motion', 'integer')
    .execute();
  await db.schema
    .createIndex('sensor_readings_sensor_time')
    .on('sensor_readings')
    .columns(['sensor_id', 'measured_at'])
    .execute();

  await create('button_presses')
    .addColumn('sensor_id', 'integer', (c) => c.notNull().references('sensors.id').onDelete('cascade'))
    .addColumn('uplink_id', 'integer', (c) => c.references('uplinks.id').onDelete('set null'))
    .addColumn('pressed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('button_presses_sensor_time')
    .on('button_presses')
    .columns(['sensor_id', 'pressed_at'])
    .execute();

  await create('medicine_intakes')
    .addColumn('medicine_id', 'integer', (c) => c.notNull().references('medicines.id').onDelete('cascade'))
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('button_press_id', 'integer', (c) => c.references('button_presses.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('medicine_intakes_medicine_time')
    .on('medicine_intakes')
    .columns(['medicine_id', 'taken_at'])
    .execute();

  await create('health_records')
    .addColumn('profile_id', 'integer', (c) =>
      c.notNull().unique().references('profiles.id').onDelete('cascade'),
    )
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('iv', 'varchar(32)', (c) => c.notNull())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await create('audit_log')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)')
    .addColumn('target_id', 'varchar(64)')
    .addColumn('details', 'text')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_user_id', 'at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'health_records',
    'medicine_intakes',
    'button_presses',
    'sensor_readings',
    'uplinks',
    'medicine_schedules',
    'medicines',
    'sensor_assignments',
    'password_resets',
    'profiles',
    'sensors',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
