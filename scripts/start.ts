// `node --import tsx scripts/start.ts` keeps working: the launcher is plain JavaScript (scripts/start.mjs).
import './start.mjs';
