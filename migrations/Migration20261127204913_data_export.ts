import { Migration } from '@mikro-orm/migrations';

export class Migration20261127204913_data_export extends Migration {

  override name = 'Migration20261127204913_data_export';

  override up(): void | Promise<void> {
    this.addSql(`create table "data_export" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "kind" text not null, "student_id" uuid null, "requested_by_id" uuid null, "status" text not null default 'queued', "total" int not null default 0, "done" int not null default 0, "file_name" varchar(255) not null, "byte_size" int not null default 0, "finished_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "data_export_student_id_index" on "data_export" ("student_id");`);
    this.addSql(`create index "data_export_school_index" on "data_export" ("school_id", "created_at");`);
    this.addSql(`create index "data_export_expiry_index" on "data_export" ("expires_at");`);

    this.addSql(`create table "data_export_chunk" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "export_id" uuid not null, "seq" int not null, "data" bytea not null, primary key ("id"));`);
    this.addSql(`alter table "data_export_chunk" add constraint "data_export_chunk_unique" unique ("export_id", "seq");`);

    this.addSql(`alter table "data_export" add constraint "data_export_school_id_foreign" foreign key ("school_id") references "school" ("id") on delete cascade;`);
    this.addSql(`alter table "data_export" add constraint "data_export_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
    this.addSql(`alter table "data_export" add constraint "data_export_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "data_export" add constraint "data_export_kind_check" check ("kind" in ('student', 'school'));`);
    this.addSql(`alter table "data_export" add constraint "data_export_status_check" check ("status" in ('queued', 'running', 'ready', 'failed'));`);

    this.addSql(`alter table "data_export_chunk" add constraint "data_export_chunk_export_id_foreign" foreign key ("export_id") references "data_export" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "data_export_chunk" drop constraint "data_export_chunk_export_id_foreign";`);

    this.addSql(`drop table if exists "data_export" cascade;`);
    this.addSql(`drop table if exists "data_export_chunk" cascade;`);
  }

}
