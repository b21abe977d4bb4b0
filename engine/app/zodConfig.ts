import { z } from 'zod';

// Before any schema parses: zod's JIT probes `new Function`, which a strict Content-Security-Policy reports as a violation.
z.config({ jitless: true });
