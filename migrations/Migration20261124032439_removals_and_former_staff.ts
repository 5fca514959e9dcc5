import { Migration } from '@mikro-orm/migrations';

export class Migration20261124032439_removals_and_former_staff extends Migration {

  override name = 'Migration20261124032439_removals_and_former_staff';

  override up(): void | Promise<void> {
    this.addSql(`alter table "feedback" drop constraint "feedback_respondent_id_foreign";`);

    // A decision withdrawn (an added recommendation removed from the plan, a dismissed one brought back) keeps its row,
    // with who and when; only the current decision is unique per student and recommendation (ADR 028).
    this.addSql(`alter table "student_recommendation" drop constraint "student_recommendation_unique";`);
    this.addSql(`alter table "student_recommendation" add "removed_at" timestamptz null, add "removed_by_id" uuid null;`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_removed_by_id_foreign" foreign key ("removed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`create unique index "student_recommendation_unique" on "student_recommendation" ("student_id", "recommendation_id") where "removed_at" is null;`);

    // A respondent deleted from the directory leaves their feedback under a random key instead of their membership:
    // "Former staff member" (ADR 029).
    this.addSql(`alter table "feedback" add "former_respondent_key" uuid null;`);
    this.addSql(`alter table "feedback" alter column "respondent_id" drop not null;`);
    this.addSql(`alter table "feedback" add constraint "feedback_respondent_id_foreign" foreign key ("respondent_id") references "school_membership" ("id") on delete set null;`);
    this.addSql(`alter table "feedback" add constraint "feedback_respondent_check" check ((respondent_id IS NULL) <> (former_respondent_key IS NULL));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "feedback" drop constraint "feedback_respondent_id_foreign";`);

    this.addSql(`alter table "student_recommendation" drop constraint "student_recommendation_removed_by_id_foreign";`);

    this.addSql(`alter table "feedback" drop constraint "feedback_respondent_check";`);
    this.addSql(`alter table "feedback" drop column "former_respondent_key";`);
    this.addSql(`alter table "feedback" alter column "respondent_id" set not null;`);
    this.addSql(`alter table "feedback" add constraint "feedback_respondent_id_foreign" foreign key ("respondent_id") references "school_membership" ("id");`);

    this.addSql(`drop index "student_recommendation_unique";`);
    this.addSql(`alter table "student_recommendation" drop column "removed_at", drop column "removed_by_id";`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_unique" unique ("student_id", "recommendation_id");`);
  }

}
