import { Migration } from '@mikro-orm/migrations';

export class Migration20261127205305_retention extends Migration {

  override name = 'Migration20261127205305_retention';

  override up(): void | Promise<void> {
    this.addSql(`create table "retention_hold" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "student_id" uuid not null, "reason" text not null, "until" date null, primary key ("id"));`);
    this.addSql(`create index "retention_hold_school_index" on "retention_hold" ("school_id");`);
    this.addSql(`alter table "retention_hold" add constraint "retention_hold_student_unique" unique ("student_id");`);

    this.addSql(`alter table "school" add "retention_years" int not null default 6;`);
    this.addSql(`alter table "school" add constraint "school_retention_years_check" check ((retention_years >= 1) AND (retention_years <= 35));`);

    this.addSql(`alter table "student" add "archived_at" timestamptz null;`);
    // Students archived before this column: when the audit trail says they were last archived, else their last change
    // (never earlier than the archiving itself, so no one is purged sooner than the school's period says; ADR 070).
    this.addSql(`update "student" as s set "archived_at" = coalesce((select max(a."at") from "audit_event" as a where a."entity_type" = 'Student' and a."entity_id" = s."id"::text and a."action" = 'student.archive'), s."updated_at") where s."archived";`);
    this.addSql(`create index "student_archived_at_index" on "student" ("school_id", "archived_at") where "archived";`);

    this.addSql(`alter table "retention_hold" add constraint "retention_hold_school_id_foreign" foreign key ("school_id") references "school" ("id") on delete cascade;`);
    this.addSql(`alter table "retention_hold" add constraint "retention_hold_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "retention_hold" cascade;`);

    this.addSql(`alter table "school" drop constraint "school_retention_years_check";`);
    this.addSql(`alter table "school" drop column "retention_years";`);

    this.addSql(`drop index "student_archived_at_index";`);
    this.addSql(`alter table "student" drop column "archived_at";`);
  }

}
