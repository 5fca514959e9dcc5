import { Migration } from '@mikro-orm/migrations';

export class Migration20261129100154_pending_sign_in_redirect extends Migration {

  override name = 'Migration20261129100154_pending_sign_in_redirect';

  override up(): void | Promise<void> {
    this.addSql(`alter table "pending_sign_in" alter column "redirect_to" type varchar(2048) using ("redirect_to"::varchar(2048));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "pending_sign_in" alter column "redirect_to" type varchar(255) using ("redirect_to"::varchar(255));`);
  }

}
