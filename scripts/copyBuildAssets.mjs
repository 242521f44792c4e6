// Copies what the compiled build reads from disk beside its JavaScript: the SQL migrations, and the
// venues' recorded answers that their loopback fakes serve as templates.
import { cpSync, existsSync, readdirSync } from 'node:fs';

cpSync('src/store/migrations', 'dist/store/migrations', { recursive: true });
for (const venue of readdirSync('src/venues', { withFileTypes: true })) {
  const fixtures = `src/venues/${venue.name}/fixtures`;
  if (venue.isDirectory() && existsSync(fixtures)) cpSync(fixtures, `dist/venues/${venue.name}/fixtures`, { recursive: true });
}
// The sandbox-recorded examples openapi.json carries (src/http/examples/attachExamples.ts).
cpSync('src/http/examples', 'dist/http/examples', { recursive: true, filter: (source) => !source.endsWith('.ts') });
