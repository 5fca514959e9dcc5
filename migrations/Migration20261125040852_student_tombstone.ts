import { Migration } from '@mikro-orm/migrations';

export class Migration20261125040852_student_tombstone extends Migration {

  override name = 'Migration20261125040852_student_tombstone';

  override up(): void | Promise<void> {
    this.addSql(`create table "student_tombstone" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "student_id" uuid not null, "kind" text not null, "year_group" text not null, "had_sen_status" boolean not null, "removed_at" timestamptz not null, "reason" text null, primary key ("id"));`);
    this.addSql(`create index "student_tombstone_school_index" on "student_tombstone" ("school_id", "removed_at");`);

    this.addSql(`alter table "student_tombstone" add constraint "student_tombstone_school_id_foreign" foreign key ("school_id") references "school" ("id") on delete cascade;`);
    this.addSql(`alter table "student_tombstone" add constraint "student_tombstone_kind_check" check ("kind" in ('erasure', 'retention'));`);
    this.addSql(`alter table "student_tombstone" add constraint "student_tombstone_year_group_check" check ("year_group" in ('Nursery', 'Reception', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6', 'Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "student_tombstone" cascade;`);
  }

}
