import { Migration } from '@mikro-orm/migrations';

export class Migration20261122005632_transfer_snapshot extends Migration {

  override name = 'Migration20261122005632_transfer_snapshot';

  override up(): void | Promise<void> {
    // Added nullable, filled from the student each existing request is about, then made required.
    this.addSql(`alter table "transfer_request" add "student_first_name" varchar(255) null, add "student_last_name" varchar(255) null, add "student_upn" varchar(13) null, add "student_year_group" text null;`);
    this.addSql(`update "transfer_request" t set "student_first_name" = s."first_name", "student_last_name" = s."last_name", "student_upn" = s."upn", "student_year_group" = s."year_group" from "student" s where s."id" = t."student_id";`);
    this.addSql(`alter table "transfer_request" alter column "student_first_name" set not null, alter column "student_last_name" set not null, alter column "student_upn" set not null, alter column "student_year_group" set not null;`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_student_year_group_check" check ("student_year_group" in ('Nursery', 'Reception', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6', 'Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "transfer_request" drop constraint "transfer_request_student_year_group_check";`);
    this.addSql(`alter table "transfer_request" drop column "student_first_name", drop column "student_last_name", drop column "student_upn", drop column "student_year_group";`);
  }

}
