import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from db/schema.ts into db/migrations;
// the service applies them at open (db/client.ts), on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
