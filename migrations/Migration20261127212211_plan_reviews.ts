import { Migration } from '@mikro-orm/migrations';

export class Migration20261127212211_plan_reviews extends Migration {

  override name = 'Migration20261127212211_plan_reviews';

  override up(): void | Promise<void> {
    this.addSql(`create table "recommendation_review" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "entry_id" uuid not null, "reviewed_by_id" uuid null, "reviewed_on" date not null, "outcome" smallint not null, "note" text null, "decision" text not null, primary key ("id"));`);
    this.addSql(`create index "recommendation_review_school_id_index" on "recommendation_review" ("school_id");`);
    this.addSql(`create index "recommendation_review_entry_index" on "recommendation_review" ("entry_id", "reviewed_on");`);

    this.addSql(`alter table "users" add "review_digest" boolean not null default true;`);

    this.addSql(`alter table "student_recommendation" add "review_on" date null, add "owner_id" uuid null;`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_owner_id_foreign" foreign key ("owner_id") references "school_membership" ("id") on delete set null;`);
    this.addSql(`create index "student_recommendation_owner_id_index" on "student_recommendation" ("owner_id");`);
    this.addSql(`create index "student_recommendation_review_index" on "student_recommendation" ("review_on");`);

    this.addSql(`alter table "recommendation_review" add constraint "recommendation_review_school_id_foreign" foreign key ("school_id") references "school" ("id") on delete cascade;`);
    this.addSql(`alter table "recommendation_review" add constraint "recommendation_review_entry_id_foreign" foreign key ("entry_id") references "student_recommendation" ("id") on delete cascade;`);
    this.addSql(`alter table "recommendation_review" add constraint "recommendation_review_reviewed_by_id_foreign" foreign key ("reviewed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "recommendation_review" add constraint "recommendation_review_outcome_check" check ((outcome >= -2) AND (outcome <= 2));`);
    this.addSql(`alter table "recommendation_review" add constraint "recommendation_review_decision_check" check ("decision" in ('continue', 'change', 'stop'));`);

    // Plan entries already active get a review 6 weeks after they were added, owned by whoever added them where they
    // are on the student's school's staff (ADR 072).
    this.addSql(`update "student_recommendation" sr set "review_on" = (sr."created_at" at time zone 'Europe/London')::date + 42,
      "owner_id" = (select m."id" from "school_membership" m join "student" s on s."school_id" = m."school_id" where s."id" = sr."student_id" and m."user_id" = sr."added_by_id")
      where sr."status" = 'active' and sr."removed_at" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "recommendation_review" cascade;`);

    this.addSql(`alter table "student_recommendation" drop constraint "student_recommendation_owner_id_foreign";`);

    this.addSql(`drop index "student_recommendation_owner_id_index";`);
    this.addSql(`drop index "student_recommendation_review_index";`);
    this.addSql(`alter table "student_recommendation" drop column "review_on", drop column "owner_id";`);

    this.addSql(`alter table "users" drop column "review_digest";`);
  }

}
