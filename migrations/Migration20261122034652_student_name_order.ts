import { Migration } from '@mikro-orm/migrations';

export class Migration20261122034652_student_name_order extends Migration {

  override name = 'Migration20261122034652_student_name_order';

  override up(): void | Promise<void> {
    this.addSql(`drop index "student_school_name_index";`);
    this.addSql(`create index "student_school_sort_name_index" on "student" ("school_id", lower("last_name"), lower("first_name"), "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "student_school_sort_name_index";`);
    this.addSql(`create index "student_school_name_index" on "student" ("school_id", "last_name", "first_name");`);
  }

}
