import { main } from '../server/main.ts';

// The API as `npm run dev` runs it: the server of `npm start`, plus its OpenAPI document at /api/docs.
await main({ apiDocs: true });
