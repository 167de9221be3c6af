import { Migration } from '@mikro-orm/migrations';

export class Migration20261125044829 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "review_ratings" text null;`);
    // The ratings of the reviews already written, oldest first (refreshProductRating keeps them from now on).
    this.addSql(`update "products" set "review_ratings" = (select string_agg(r."rating"::text, ',' order by r."id") from "reviews" r where r."product_id" = "products"."id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "products" drop column "review_ratings";`);
  }

}
