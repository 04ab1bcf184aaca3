// `npm start`: builds the client library when its dist is missing (once), installs the shop's packages when its lock
// changed, then starts the shop: one command from a clean clone.
import { buildLibraryIfMissing, installIfChanged } from './prepare.mjs';

buildLibraryIfMissing();
installIfChanged();
await import('./src/main.mjs');
