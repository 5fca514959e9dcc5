import { Migration } from '@mikro-orm/migrations';

export class Migration20261121211545 extends Migration {

  override name = 'Migration20261121211545';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_event" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "actor_id" uuid null, "impersonated_user_id" uuid null, "action" varchar(255) not null, "entity_type" varchar(255) not null, "entity_id" varchar(255) null, "school_id" uuid null, "at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "audit_event_entity_index" on "audit_event" ("entity_type", "entity_id", "at");`);
    this.addSql(`create index "audit_event_school_index" on "audit_event" ("school_id", "at");`);

    this.addSql(`create table "questionnaire" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "title" varchar(255) not null, "description" text null, "status" text not null default 'draft', primary key ("id"));`);
    this.addSql(`alter table "questionnaire" add constraint "questionnaire_status_check" check ("status" in ('draft', 'published', 'archived'));`);

    this.addSql(`create table "domain" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "questionnaire_id" uuid not null, "position" int not null, "name" varchar(255) not null, "description" text null, primary key ("id"));`);
    this.addSql(`create index "domain_questionnaire_position_index" on "domain" ("questionnaire_id", "position");`);

    this.addSql(`create table "school" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(255) not null, "subdomain" varchar(63) not null, "type" text not null, "urn" varchar(6) null, "address" varchar(255) null, "postcode" varchar(16) null, "phone" varchar(32) null, "contact_email" varchar(255) null, "archived" boolean not null default false, primary key ("id"));`);
    this.addSql(`alter table "school" add constraint "school_subdomain_unique" unique ("subdomain");`);
    this.addSql(`alter table "school" add constraint "school_type_check" check ("type" in ('Independent', 'Nursery', 'Infant', 'Junior', 'Primary', 'Secondary', 'All Through', 'FE Provision', 'SEND School', 'Alternative Provision'));`);

    this.addSql(`create table "student_group" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "name" varchar(255) not null, "description" text null, primary key ("id"));`);
    this.addSql(`alter table "student_group" add constraint "group_school_name_unique" unique ("school_id", "name");`);

    this.addSql(`create table "student" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "upn" varchar(13) not null, "first_name" varchar(255) not null, "last_name" varchar(255) not null, "date_of_birth" date not null, "gender" text not null, "year_group" text not null, "sen_status" text not null default 'none', "archived" boolean not null default false, primary key ("id"));`);
    this.addSql(`create index "student_school_name_index" on "student" ("school_id", "last_name", "first_name");`);
    this.addSql(`alter table "student" add constraint "student_upn_unique" unique ("upn");`);
    this.addSql(`alter table "student" add constraint "student_gender_check" check ("gender" in ('Female', 'Male', 'Other', 'Not stated'));`);
    this.addSql(`alter table "student" add constraint "student_year_group_check" check ("year_group" in ('Nursery', 'Reception', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6', 'Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'));`);
    this.addSql(`alter table "student" add constraint "student_sen_status_check" check ("sen_status" in ('none', 'senSupport', 'ehcPlan'));`);

    this.addSql(`create table "group_student" ("group_id" uuid not null, "student_id" uuid not null, primary key ("group_id", "student_id"));`);

    this.addSql(`create table "theme" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "name" varchar(255) not null, "description" text null, primary key ("id"));`);
    this.addSql(`alter table "theme" add constraint "theme_name_unique" unique ("name");`);

    this.addSql(`create table "recommendation" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "title" varchar(255) not null, "description" text not null, "theme_id" uuid not null, "severity" text not null, primary key ("id"));`);
    this.addSql(`create index "recommendation_theme_id_index" on "recommendation" ("theme_id");`);
    this.addSql(`alter table "recommendation" add constraint "recommendation_severity_check" check ("severity" in ('medium', 'high'));`);

    this.addSql(`create table "question" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "domain_id" uuid not null, "position" int not null, "text" text not null, "theme_id" uuid null, "reverse" boolean not null default false, primary key ("id"));`);
    this.addSql(`create index "question_theme_id_index" on "question" ("theme_id");`);
    this.addSql(`create index "question_domain_position_index" on "question" ("domain_id", "position");`);

    this.addSql(`create table "users" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "email" varchar(255) not null, "first_name" varchar(255) not null, "last_name" varchar(255) not null, "password_hash" varchar(255) null, "system_role" text not null default 'schoolStaff', "mfa_enabled" boolean not null default false, "last_sign_in_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create unique index "user_email_unique" on "users" (lower("email"));`);
    this.addSql(`alter table "users" add constraint "users_system_role_check" check ("system_role" in ('spencerAdmin', 'schoolStaff'));`);

    this.addSql(`create table "transfer_request" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "student_id" uuid not null, "from_school_id" uuid not null, "to_school_id" uuid not null, "requested_by_id" uuid null, "note" text null, "status" text not null default 'created', "decided_by_id" uuid null, "decided_at" timestamptz null, "reason" text null, primary key ("id"));`);
    this.addSql(`create index "transfer_request_from_index" on "transfer_request" ("from_school_id", "status");`);
    this.addSql(`create index "transfer_request_to_index" on "transfer_request" ("to_school_id", "status");`);
    this.addSql(`create unique index "transfer_request_one_pending" on "transfer_request" ("student_id") where "status" = 'created';`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_status_check" check ("status" in ('created', 'approved', 'rejected'));`);

    this.addSql(`create table "session" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "expires_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "session_user_id_index" on "session" ("user_id");`);

    this.addSql(`create table "school_membership" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "school_id" uuid not null, "role" text not null, "job_title" varchar(255) null, "access" text not null default 'none', primary key ("id"));`);
    this.addSql(`create index "school_membership_school_id_index" on "school_membership" ("school_id");`);
    this.addSql(`alter table "school_membership" add constraint "school_membership_user_school_unique" unique ("user_id", "school_id");`);
    this.addSql(`alter table "school_membership" add constraint "school_membership_role_check" check ("role" in ('schoolAdmin', 'needManager', 'professional'));`);
    this.addSql(`alter table "school_membership" add constraint "school_membership_access_check" check ("access" in ('none', 'invited', 'active'));`);

    this.addSql(`create table "student_professional" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "student_id" uuid not null, "membership_id" uuid not null, "is_key" boolean not null default false, primary key ("id"));`);
    this.addSql(`create index "student_professional_membership_id_index" on "student_professional" ("membership_id");`);
    this.addSql(`alter table "student_professional" add constraint "student_professional_unique" unique ("student_id", "membership_id");`);
    this.addSql(`create unique index "student_professional_one_key" on "student_professional" ("student_id") where "is_key" = true;`);

    this.addSql(`create table "group_staff" ("group_id" uuid not null, "membership_id" uuid not null, primary key ("group_id", "membership_id"));`);

    this.addSql(`create table "profile" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "student_id" uuid not null, "questionnaire_id" uuid not null, "kind" text not null, "interval_weeks" int null, "start_date" date not null, "end_date" date null, "created_by_id" uuid null, "status" text not null default 'active', primary key ("id"));`);
    this.addSql(`create index "profile_questionnaire_id_index" on "profile" ("questionnaire_id");`);
    this.addSql(`create index "profile_school_index" on "profile" ("school_id", "status");`);
    this.addSql(`create index "profile_student_index" on "profile" ("student_id");`);
    this.addSql(`alter table "profile" add constraint "profile_interval_check" check ((kind = 'one-time'::text) OR ((interval_weeks >= 1) AND (interval_weeks <= 26)));`);
    this.addSql(`alter table "profile" add constraint "profile_kind_check" check ("kind" in ('one-time', 'recurring'));`);
    this.addSql(`alter table "profile" add constraint "profile_status_check" check ("status" in ('active', 'closed'));`);

    this.addSql(`create table "student_recommendation" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "student_id" uuid not null, "recommendation_id" uuid not null, "source_profile_id" uuid null, "added_by_id" uuid null, "note" text null, "status" text not null default 'active', primary key ("id"));`);
    this.addSql(`create index "student_recommendation_recommendation_id_index" on "student_recommendation" ("recommendation_id");`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_unique" unique ("student_id", "recommendation_id");`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_status_check" check ("status" in ('active', 'done'));`);

    this.addSql(`create table "round" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "profile_id" uuid not null, "index" int not null, "opens_on" date not null, primary key ("id"));`);
    this.addSql(`alter table "round" add constraint "round_profile_index_unique" unique ("profile_id", "index");`);

    this.addSql(`create table "feedback" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "round_id" uuid not null, "respondent_id" uuid not null, "status" text not null default 'incomplete', "submitted_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "feedback_respondent_id_index" on "feedback" ("respondent_id");`);
    this.addSql(`alter table "feedback" add constraint "feedback_round_respondent_unique" unique ("round_id", "respondent_id");`);
    this.addSql(`alter table "feedback" add constraint "feedback_status_check" check ("status" in ('incomplete', 'inProgress', 'complete'));`);

    this.addSql(`create table "answer" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "feedback_id" uuid not null, "question_id" uuid not null, "value" smallint not null, primary key ("id"));`);
    this.addSql(`create index "answer_question_id_index" on "answer" ("question_id");`);
    this.addSql(`alter table "answer" add constraint "answer_feedback_question_unique" unique ("feedback_id", "question_id");`);
    this.addSql(`alter table "answer" add constraint "answer_value_check" check ((value >= 0) AND (value <= 4));`);

    this.addSql(`create table "profile_respondent" ("profile_id" uuid not null, "membership_id" uuid not null, primary key ("profile_id", "membership_id"));`);

    this.addSql(`create table "password_token" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "user_id" uuid not null, "purpose" text not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "password_token_user_id_index" on "password_token" ("user_id");`);
    this.addSql(`alter table "password_token" add constraint "password_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "password_token" add constraint "password_token_purpose_check" check ("purpose" in ('reset', 'invitation'));`);

    this.addSql(`create table "import_job" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "school_id" uuid not null, "kind" text not null, "file_name" varchar(255) not null, "upload" bytea not null, "status" text not null default 'queued', "total" int not null default 0, "processed" int not null default 0, "created" int not null default 0, "updated" int not null default 0, "failed" int not null default 0, "row_errors" jsonb not null default '[]', "created_by_id" uuid null, "finished_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "import_job_school_index" on "import_job" ("school_id", "created_at");`);
    this.addSql(`alter table "import_job" add constraint "import_job_kind_check" check ("kind" in ('students', 'directory'));`);
    this.addSql(`alter table "import_job" add constraint "import_job_status_check" check ("status" in ('queued', 'processing', 'completed', 'completed_with_errors', 'failed'));`);

    this.addSql(`create table "impersonation" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "admin_id" uuid not null, "target_id" uuid not null, "session_id" uuid not null, "started_at" timestamptz not null, "expires_at" timestamptz not null, "ended_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "impersonation_admin_id_index" on "impersonation" ("admin_id");`);

    this.addSql(`alter table "domain" add constraint "domain_questionnaire_id_foreign" foreign key ("questionnaire_id") references "questionnaire" ("id") on delete cascade;`);

    this.addSql(`alter table "student_group" add constraint "student_group_school_id_foreign" foreign key ("school_id") references "school" ("id");`);

    this.addSql(`alter table "student" add constraint "student_school_id_foreign" foreign key ("school_id") references "school" ("id");`);

    this.addSql(`alter table "group_student" add constraint "group_student_group_id_foreign" foreign key ("group_id") references "student_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_student" add constraint "group_student_student_id_foreign" foreign key ("student_id") references "student" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "recommendation" add constraint "recommendation_theme_foreign" foreign key ("theme_id") references "theme" ("id");`);

    this.addSql(`alter table "question" add constraint "question_domain_id_foreign" foreign key ("domain_id") references "domain" ("id") on delete cascade;`);
    this.addSql(`alter table "question" add constraint "question_theme_foreign" foreign key ("theme_id") references "theme" ("id") on delete no action;`);

    this.addSql(`alter table "transfer_request" add constraint "transfer_request_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_from_school_id_foreign" foreign key ("from_school_id") references "school" ("id");`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_to_school_id_foreign" foreign key ("to_school_id") references "school" ("id");`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "transfer_request" add constraint "transfer_request_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "session" add constraint "session_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "school_membership" add constraint "school_membership_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "school_membership" add constraint "school_membership_school_id_foreign" foreign key ("school_id") references "school" ("id");`);

    this.addSql(`alter table "student_professional" add constraint "student_professional_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
    this.addSql(`alter table "student_professional" add constraint "student_professional_membership_id_foreign" foreign key ("membership_id") references "school_membership" ("id") on delete cascade;`);

    this.addSql(`alter table "group_staff" add constraint "group_staff_group_id_foreign" foreign key ("group_id") references "student_group" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "group_staff" add constraint "group_staff_membership_id_foreign" foreign key ("membership_id") references "school_membership" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "profile" add constraint "profile_school_id_foreign" foreign key ("school_id") references "school" ("id");`);
    this.addSql(`alter table "profile" add constraint "profile_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
    this.addSql(`alter table "profile" add constraint "profile_questionnaire_foreign" foreign key ("questionnaire_id") references "questionnaire" ("id");`);
    this.addSql(`alter table "profile" add constraint "profile_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_student_id_foreign" foreign key ("student_id") references "student" ("id") on delete cascade;`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_recommendation_id_foreign" foreign key ("recommendation_id") references "recommendation" ("id");`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_source_profile_id_foreign" foreign key ("source_profile_id") references "profile" ("id") on delete set null;`);
    this.addSql(`alter table "student_recommendation" add constraint "student_recommendation_added_by_id_foreign" foreign key ("added_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "round" add constraint "round_profile_id_foreign" foreign key ("profile_id") references "profile" ("id") on delete cascade;`);

    this.addSql(`alter table "feedback" add constraint "feedback_round_id_foreign" foreign key ("round_id") references "round" ("id") on delete cascade;`);
    this.addSql(`alter table "feedback" add constraint "feedback_respondent_id_foreign" foreign key ("respondent_id") references "school_membership" ("id");`);

    this.addSql(`alter table "answer" add constraint "answer_feedback_id_foreign" foreign key ("feedback_id") references "feedback" ("id") on delete cascade;`);
    this.addSql(`alter table "answer" add constraint "answer_question_foreign" foreign key ("question_id") references "question" ("id");`);

    this.addSql(`alter table "profile_respondent" add constraint "profile_respondent_profile_id_foreign" foreign key ("profile_id") references "profile" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "profile_respondent" add constraint "profile_respondent_membership_id_foreign" foreign key ("membership_id") references "school_membership" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "password_token" add constraint "password_token_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "import_job" add constraint "import_job_school_id_foreign" foreign key ("school_id") references "school" ("id");`);
    this.addSql(`alter table "import_job" add constraint "import_job_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`);

    this.addSql(`alter table "impersonation" add constraint "impersonation_admin_id_foreign" foreign key ("admin_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "impersonation" add constraint "impersonation_target_id_foreign" foreign key ("target_id") references "users" ("id") on delete cascade;`);
  }

}
