import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001838_student_recommendation_dismissed extends Migration {

  override name = 'Migration20261122001838_student_recommendation_dismissed';

  override up(): void | Promise<void> {
    this.addSql(`alter table "student_recommendation" drop constraint "student_recommendation_status_check";`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_status_check" check ("status" in ('active', 'done', 'dismissed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "student_recommendation" drop constraint "student_recommendation_status_check";`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_status_check" check ("status" in ('active', 'done'));`);
  }

}
