import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to, after probing whether eval is
// allowed; under the app's Content-Security-Policy (no 'unsafe-eval') that probe is a reported
// violation. Imported first by main.tsx: the setting is read when a schema is built.
z.config({ jitless: true });
