import { Migration } from '@mikro-orm/migrations';

// The audit trail becomes append-only for the application's database role (ADR 061): the row trigger AuditEvent
// declares (app/models/audit.ts), and one on TRUNCATE, which the ORM's schema comparison does not see, so it is here only.

export class Migration20261125035924_audit_append_only extends Migration {

  override name = 'Migration20261125035924_audit_append_only';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "audit_event_append_only_fn"() returns trigger as $$ begin if tg_op = 'DELETE' and (old.at < now() - interval '7 years' or (old.school_id is not null and not exists (select 1 from school where id = old.school_id))) then return old; end if; raise exception 'the audit trail is append-only: % of audit_event refused', tg_op using errcode = 'insufficient_privilege'; end; $$ language plpgsql;`);
    this.addSql(`create trigger "append_only" BEFORE UPDATE OR DELETE on "audit_event" for each ROW execute function "audit_event_append_only_fn"();`);
    this.addSql(`create or replace function "audit_event_no_truncate_fn"() returns trigger as $$ begin raise exception 'the audit trail is append-only: % of audit_event refused', tg_op using errcode = 'insufficient_privilege'; end; $$ language plpgsql;`);
    this.addSql(`create trigger "no_truncate" BEFORE TRUNCATE on "audit_event" for each STATEMENT execute function "audit_event_no_truncate_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "append_only" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_append_only_fn"();`);
    this.addSql(`drop trigger if exists "no_truncate" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_no_truncate_fn"();`);
  }

}
